import type { SnapshotFrom } from 'xstate';
import { isRequired, type FieldValue, type Problem, type TemplateField } from '../shared/dynamic-form';
import type { DynamicFormEvent, dynamicFormMachine } from './dynamic-form.machine';
import { busyButton } from './form.connect';

type Snapshot = SnapshotFrom<typeof dynamicFormMachine>;

export type DynamicFormState = 'pending' | 'error' | 'empty' | 'editing' | 'saving' | 'viewing';
/** Widgets §4 "Dynamic form status". */
export type DynamicFormStatus = 'pending' | 'success' | 'error' | 'empty';

export interface DynamicFieldProps {
  'data-part': 'field';
  'data-state': 'invalid' | 'valid';
  'data-name': string;
  field: TemplateField;
  value: FieldValue;
  /** Number and amount fields: the text the input shows. */
  text: string;
  required: boolean;
  readOnly: boolean;
  problem: Problem | null;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
}

/**
 * A dynamic form's anatomy (Zag.js style): the root with the spec's status, one `field` per
 * template field (value, the text of a number or amount, its problem, read-only or not), and
 * the `save`, `edit`, `cancel` and `retry` triggers. The renderer draws what this says.
 */
export function connectDynamicForm(snapshot: Snapshot, send: (event: DynamicFormEvent) => void) {
  const { context } = snapshot;
  const state: DynamicFormState = typeof snapshot.value === 'string' ? (snapshot.value as DynamicFormState) : ((snapshot.value as { success: DynamicFormState }).success);
  const status: DynamicFormStatus = snapshot.matches('success') ? 'success' : (state as DynamicFormStatus);
  const busy = snapshot.hasTag('busy');
  const readOnly = snapshot.hasTag('readOnly');
  const fields = context.form?.template ?? [];
  return {
    state,
    status,
    busy,
    readOnly,
    fields,
    templateCode: context.form?.templateCode ?? null,
    templateName: context.form?.templateName ?? null,
    id: context.id,
    version: context.version,
    failure: context.failure,
    saved: context.saved,
    /** The message of a status without a form: "data empty", or the load failure. */
    statusKey: status === 'empty' ? 'dynamic.status.empty' : status === 'error' ? 'dynamic.status.error' : status === 'pending' ? 'dynamic.status.pending' : null,
    problems: context.problems,
    values: context.values,
    /** Several fields at once (a magnifier's pick), each as typing it would; fields the template lacks are left alone. */
    fill: (values: Record<string, FieldValue>) => {
      for (const [field, value] of Object.entries(values)) if (fields.some((f) => f.name === field)) send({ type: 'FIELD.CHANGE', field, value });
    },
    getRootProps: () => ({ 'data-part': 'root', 'data-state': status, 'data-mode': state, 'aria-busy': busy }),
    getFieldProps: (name: string): DynamicFieldProps => {
      const field = fields.find((f) => f.name === name)!;
      const problem = context.problems[name] ?? null;
      return {
        'data-part': 'field',
        'data-state': problem ? 'invalid' : 'valid',
        'data-name': name,
        field,
        value: context.values[name] ?? null,
        text: context.texts[name] ?? '',
        required: isRequired(field),
        readOnly,
        problem,
        onChange: (value) => send({ type: 'FIELD.CHANGE', field: name, value }),
        onBlur: () => send({ type: 'FIELD.BLUR', field: name }),
      };
    },
    /** Busy (spinner, aria-disabled, a press does nothing), never disabled, while saving: the focus stays on it. */
    getSaveProps: () => ({ 'data-part': 'save', 'data-state': busy ? 'busy' : 'idle', hidden: state !== 'editing' && state !== 'saving', busy, ...busyButton(busy, () => send({ type: 'FORM.SAVE' })) }),
    getEditProps: () => ({ 'data-part': 'edit', hidden: state !== 'viewing', disabled: busy, onClick: () => send({ type: 'FORM.EDIT' }) }),
    getCancelProps: () => ({ 'data-part': 'cancel', hidden: state !== 'editing' || context.id === null, ...busyButton(busy, () => send({ type: 'FORM.CANCEL' })) }),
    getRetryProps: () => ({ 'data-part': 'retry', hidden: state !== 'error', onClick: () => send({ type: 'FORM.RETRY' }) }),
  };
}

export type DynamicFormApi = ReturnType<typeof connectDynamicForm>;
