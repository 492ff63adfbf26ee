import type { SnapshotFrom } from 'xstate';
import type { FieldValue, RecordFormEvent, SaveStep, recordFormMachine } from './record-form.machine';

type Snapshot = SnapshotFrom<typeof recordFormMachine>;

export type RecordFormState = 'starting' | 'loading' | 'loadFailed' | 'editing' | 'saving' | 'saved';

/**
 * A record form's anatomy (Zag.js style): `root`, one `field` per input with its value, error
 * and read-only flag, a `submit` per save step, `retry`. The view renders them; nothing else
 * decides.
 */
export function connectRecordForm(snapshot: Snapshot, send: (event: RecordFormEvent) => void) {
  const { context } = snapshot;
  const state = snapshot.value as RecordFormState;
  const busy = snapshot.hasTag('busy');
  const readOnly = context.mode === 'view' || busy;
  return {
    state,
    busy,
    mode: context.mode,
    record: context.record,
    values: context.values,
    failure: context.failure,
    saved: state === 'saved',
    loadFailed: state === 'loadFailed',
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'data-mode': context.mode, 'aria-busy': busy }),
    getFieldProps: (field: string) => ({
      'data-part': 'field',
      'data-state': context.errors[field] ? 'invalid' : 'valid',
      name: field,
      value: context.values[field] ?? '',
      error: context.errors[field] ?? null,
      readOnly,
      onChange: (value: FieldValue) => send({ type: 'FIELD.CHANGE', field, value }),
    }),
    getSubmitProps: (step: SaveStep) => ({
      'data-part': 'submit',
      'data-state': busy && context.step === step ? 'busy' : 'idle',
      disabled: busy || context.mode === 'view',
      onClick: () => send({ type: 'FORM.SUBMIT', step }),
    }),
    getRetryProps: () => ({ 'data-part': 'retry', 'data-state': state, onClick: () => send({ type: 'FORM.RETRY' }) }),
  };
}

export type RecordFormApi = ReturnType<typeof connectRecordForm>;
