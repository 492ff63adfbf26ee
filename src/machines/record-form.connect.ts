import type { SnapshotFrom } from 'xstate';
import { isEditable, type FieldValue, type FormMode, type RecordFormEvent, type recordFormMachine } from './record-form.machine';
import type { SaveSubmitApi } from './save-submit.connect';
import { SHOW_ALL, type Display } from '../shared/function-display';
import { busyButton } from './form.connect';

type Snapshot = SnapshotFrom<typeof recordFormMachine>;

export type RecordFormState = 'starting' | 'loading' | 'loadFailed' | 'editing' | 'saved';
/** The buttons of an edit form's bar. */
export type FormButton = 'save' | 'submit' | 'return' | 'close';

/**
 * The button bar of each mode (widgets §4 "Edit form modes"): add shows Save; edit shows
 * Submit, Save and Return; view shows Close; approval shows none. Submit sends the record for
 * review, so a resource without a review has none to show.
 */
export function buttonsOf(mode: FormMode, reviewed: boolean): FormButton[] {
  switch (mode) {
    case 'add':
      return ['save'];
    case 'edit':
      return reviewed ? ['submit', 'save', 'return'] : ['save', 'return'];
    case 'view':
      return ['close'];
    case 'approval':
      return [];
  }
}

/**
 * An edit form's anatomy (Zag.js style): `root`, one `field` per input with its value, error
 * and read-only flag, the `button`s of its mode, `retry`. The flow's state (`flow`, from
 * connectSaveSubmit) makes everything read-only while a save runs. `onClose` is the page's.
 * `display`: the page's hide-button map entry (widgets §6); a button it hides is not offered,
 * so neither drawn nor pressed by Enter.
 */
export function connectRecordForm(snapshot: Snapshot, send: (event: RecordFormEvent) => void, options: { reviewed: boolean; flow?: SaveSubmitApi; onClose?: () => void; display?: Display } = { reviewed: false }) {
  const display = options.display ?? SHOW_ALL;
  const { context } = snapshot;
  const state = snapshot.value as RecordFormState;
  const running = options.flow?.running ?? false;
  const busy = snapshot.hasTag('busy') || running;
  const readOnly = context.mode === 'view' || context.mode === 'approval';
  return {
    state,
    busy,
    mode: context.mode,
    readOnly,
    record: context.record,
    values: context.values,
    failure: context.failure,
    saved: state === 'saved',
    loadFailed: state === 'loadFailed',
    buttons: buttonsOf(context.mode, options.reviewed).filter((button) => display.button(button)),
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'data-mode': context.mode, 'aria-busy': busy }),
    getFieldProps: (field: string) => ({
      'data-part': 'field',
      'data-state': context.errors[field] ? 'invalid' : 'valid',
      name: field,
      value: context.values[field] ?? '',
      error: context.errors[field] ?? null,
      readOnly: busy || !isEditable(context, field),
      onChange: (value: FieldValue) => send({ type: 'FIELD.CHANGE', field, value }),
    }),
    getButtonProps: (button: FormButton) => {
      if (button === 'save') return { ...(options.flow?.getSaveProps() ?? busyButton(true)), 'data-part': 'button', 'data-button': button };
      if (button === 'submit') return { ...(options.flow?.getSubmitProps() ?? busyButton(true)), 'data-part': 'button', 'data-button': button };
      return { 'data-part': 'button', 'data-button': button, 'data-state': 'idle', ...busyButton(running, () => options.onClose?.()) };
    },
    getRetryProps: () => ({ 'data-part': 'retry', 'data-state': state, onClick: () => send({ type: 'FORM.RETRY' }) }),
  };
}

export type RecordFormApi = ReturnType<typeof connectRecordForm>;
