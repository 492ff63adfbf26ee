import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './message-of';

/**
 * A resource's edit form in its four modes (widgets §4 "Edit form modes", "Form type"; issue 11
 * point 1): add and edit are editable, view and approval read-only, except the fields an
 * approval's field config enables (point 5). Edit, view and approval first read the record by
 * id. The machine holds the values and decides which field may change; saving is the
 * save-or-submit flow's (save-submit.machine.ts), which asks this form to show its problems
 * ('FORM.VALIDATE') and tells it the record it saved ('FORM.SAVED').
 *
 * 'FORM.PROBLEMS' adds problems the flow learnt elsewhere (the before-save check's value taken).
 * 'FORM.APPLY' takes values from outside the keyboard: a restored draft, an approval's field
 * config. The validation is the input's pure `validate(values, record)` (the resource's own
 * schema, the same one the server checks: src/services/resource-form.ts).
 */
export type FormMode = 'add' | 'edit' | 'view' | 'approval';
export type FieldValue = string | boolean;
export interface StoredRecord {
  id: number;
  version: number;
  [field: string]: unknown;
}
export type Validate = (values: Record<string, FieldValue>, record: StoredRecord | null) => Record<string, unknown>;

export interface RecordFormInput {
  mode: FormMode;
  id?: number;
  /** A new record's values (the definition's defaults). */
  initial: Record<string, FieldValue>;
  /** A stored record's values as inputs hold them. */
  valuesOf: (record: StoredRecord) => Record<string, FieldValue>;
  validate: Validate;
  /** Fields fixed once the record exists (the definition's `immutable`). */
  immutable?: readonly string[];
  /** Fields fixed in every mode: a page's hidden params (a grant's kind on the page of that kind), held in `initial`. */
  fixed?: readonly string[];
}

export interface RecordFormContext extends RecordFormInput {
  values: Record<string, FieldValue>;
  record: StoredRecord | null;
  errors: Record<string, unknown>;
  /** Why the last load failed (the server's message), cleared by the next try. */
  failure: string | null;
  /** Fields an approval's field config made editable. */
  enabled: readonly string[];
}

export type RecordFormEvent =
  | { type: 'FIELD.CHANGE'; field: string; value: FieldValue }
  | { type: 'FORM.VALIDATE' }
  /** Problems the form's own rules cannot see (a value another record took, asked of the server), by field. */
  | { type: 'FORM.PROBLEMS'; errors: Record<string, unknown> }
  | { type: 'FORM.APPLY'; values: Record<string, FieldValue> }
  | { type: 'FIELDS.ENABLE'; fields: readonly string[] }
  | { type: 'FORM.SAVED'; record: StoredRecord | null }
  | { type: 'FORM.RETRY' };

/** Whether a field takes typing in this form (pure, shared by the guard and the connect step). */
export function isEditable(context: Pick<RecordFormContext, 'mode' | 'immutable' | 'enabled' | 'fixed'>, field: string): boolean {
  if (context.fixed?.includes(field)) return false;
  if (context.mode === 'add') return true;
  if (context.mode === 'edit') return !(context.immutable ?? []).includes(field);
  if (context.mode === 'approval') return context.enabled.includes(field);
  return false;
}

export const recordFormMachine = setup({
  types: { context: {} as RecordFormContext, events: {} as RecordFormEvent, input: {} as RecordFormInput },
  actors: {
    loadRecord: fromPromise<StoredRecord, { id: number }>(async () => {
      throw new Error('loadRecord not provided');
    }),
  },
  guards: {
    isNew: ({ context }) => context.mode === 'add',
    canChange: ({ context }, field: string) => isEditable(context, field),
  },
  actions: {
    setField: assign(({ context }, params: { field: string; value: FieldValue }) => {
      const { [params.field]: _fixed, ...errors } = context.errors;
      return { values: { ...context.values, [params.field]: params.value }, errors };
    }),
    showErrors: assign({ errors: ({ context }) => context.validate(context.values, context.record) }),
    /** Only known fields: a problem names a field of this form or none. */
    addErrors: assign(({ context }, errors: Record<string, unknown>) => ({
      errors: { ...context.errors, ...Object.fromEntries(Object.entries(errors).filter(([field]) => field in context.values)) },
    })),
    /** Only known fields are taken: a draft from an older definition brings nothing foreign, nor changes what the page fixes. */
    applyValues: assign(({ context }, values: Record<string, FieldValue>) => ({
      values: { ...context.values, ...Object.fromEntries(Object.entries(values).filter(([field]) => field in context.values && !context.fixed?.includes(field))) },
      errors: {},
    })),
    enableFields: assign((_, fields: readonly string[]) => ({ enabled: fields })),
    applyRecord: assign(({ context }, record: StoredRecord) => ({ record, values: context.valuesOf(record), errors: {}, failure: null })),
    keepSaved: assign(({ context }, record: StoredRecord | null) => ({ record: record ?? context.record })),
    keepFailure: assign((_, error: unknown) => ({ failure: messageOf(error) })),
  },
}).createMachine({
  id: 'recordForm',
  context: ({ input }) => ({ ...input, values: input.initial, record: null, errors: {}, failure: null, enabled: [] }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadRecord',
        input: ({ context }) => ({ id: context.id ?? 0 }),
        onDone: { target: 'editing', actions: { type: 'applyRecord', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'keepFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    loadFailed: {
      on: { 'FORM.RETRY': { target: 'loading' } },
    },
    editing: {
      on: {
        'FIELD.CHANGE': {
          guard: { type: 'canChange', params: ({ event }) => event.field },
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'FORM.VALIDATE': { actions: 'showErrors' },
        'FORM.PROBLEMS': { actions: { type: 'addErrors', params: ({ event }) => event.errors } },
        'FORM.APPLY': { actions: { type: 'applyValues', params: ({ event }) => event.values } },
        'FIELDS.ENABLE': { actions: { type: 'enableFields', params: ({ event }) => event.fields } },
        'FORM.SAVED': { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => event.record } },
      },
    },
    saved: { type: 'final' },
  },
});
