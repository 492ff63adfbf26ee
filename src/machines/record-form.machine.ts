import { assign, fromPromise, setup } from 'xstate';

/**
 * A resource's add, edit or view form (issue 10 point 1; issue 11 grows it into sections,
 * drafts and the save-or-submit flow). Edit and view first read the record by id; the user
 * types; a save is sent only when the form is valid by the resource's own schema (the same one
 * the server checks); a refusal (a version someone else changed, a duplicate code) keeps every
 * value typed and says why.
 *
 * Effects are injected: `loadRecord(id)` and `saveRecord({step, values, record})`; the
 * validation is the input's pure `validate(values, record)` (src/services/resource-form.ts).
 */
export type FormMode = 'add' | 'edit' | 'view';
/** The save step the user chose: add or update, alone or with a submit for review. */
export type SaveStep = 'save' | 'saveAndSubmit' | 'update' | 'updateAndSubmit';
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
}

export interface RecordFormContext extends RecordFormInput {
  values: Record<string, FieldValue>;
  record: StoredRecord | null;
  errors: Record<string, unknown>;
  /** Why the last save or load failed (the server's message), cleared by the next try. */
  failure: string | null;
  step: SaveStep | null;
}

export type RecordFormEvent =
  | { type: 'FIELD.CHANGE'; field: string; value: FieldValue }
  | { type: 'FORM.SUBMIT'; step: SaveStep }
  | { type: 'FORM.RETRY' };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const recordFormMachine = setup({
  types: { context: {} as RecordFormContext, events: {} as RecordFormEvent, input: {} as RecordFormInput },
  actors: {
    loadRecord: fromPromise<StoredRecord, { id: number }>(async () => {
      throw new Error('loadRecord not provided');
    }),
    saveRecord: fromPromise<StoredRecord | null, { step: SaveStep; values: Record<string, FieldValue>; record: StoredRecord | null }>(async () => {
      throw new Error('saveRecord not provided');
    }),
  },
  guards: {
    isNew: ({ context }) => context.mode === 'add',
    isValid: ({ context }) => Object.keys(context.validate(context.values, context.record)).length === 0,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD.CHANGE') return {};
      const { [event.field]: _fixed, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    showErrors: assign({ errors: ({ context }) => context.validate(context.values, context.record) }),
    keepStep: assign({ step: ({ event }) => (event.type === 'FORM.SUBMIT' ? event.step : null), failure: null }),
    applyRecord: assign(({ context, event }) => {
      const record = (event as unknown as { output: StoredRecord }).output;
      return { record, values: context.valuesOf(record), errors: {}, failure: null };
    }),
    keepSaved: assign({ record: ({ context, event }) => (event as unknown as { output: StoredRecord | null }).output ?? context.record }),
    keepFailure: assign({ failure: ({ event }) => messageOf((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'recordForm',
  context: ({ input }) => ({ ...input, values: input.initial, record: null, errors: {}, failure: null, step: null }),
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
        onDone: { target: 'editing', actions: 'applyRecord' },
        onError: { target: 'loadFailed', actions: 'keepFailure' },
      },
    },
    loadFailed: {
      on: { 'FORM.RETRY': { target: 'loading' } },
    },
    editing: {
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        'FORM.SUBMIT': [
          { guard: 'isValid', target: 'saving', actions: 'keepStep' },
          { actions: 'showErrors' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveRecord',
        input: ({ context }) => ({ step: context.step!, values: context.values, record: context.record }),
        onDone: { target: 'saved', actions: 'keepSaved' },
        // Nothing typed is lost: back to editing with the server's reason.
        onError: { target: 'editing', actions: 'keepFailure' },
      },
    },
    saved: { type: 'final' },
  },
});
