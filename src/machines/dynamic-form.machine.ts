import { assign, fromPromise, setup } from 'xstate';
import {
  NUMBER_TYPES,
  checkField,
  checkValues,
  fromTemplateData,
  inputValue,
  parseLoadedForm,
  toTemplateData,
  type FieldValue,
  type LoadedForm,
  type Problem,
  type TemplateDatum,
  type TemplateField,
} from '../shared/dynamic-form';
import { formatAmount, isAmount } from '../shared/format-amount';

/**
 * A dynamic form built from a server template (widgets §4 "Dynamic form status", §5 "Dynamic
 * form", §8; issue 11 point 7; docs/dynamic-forms.md).
 *
 * `pending` loads the form (the injected `loadForm(source)` answers the server's JSON text):
 * no data → `error`; a template without fields → `empty` ("data empty"); otherwise `success`,
 * where the form is `editing` (a new form, or an opened one the user chose to edit) or
 * `viewing` (read-only). A field's blur checks that field's rules (blur is every rule's
 * default trigger; a rule with `trigger: 'change'` also runs as the user types); save checks
 * every field first and goes `saving` only when all hold; the injected `saveForm` stores the
 * values as `templateData`. A refused save keeps every value typed and shows the server's
 * message, and, when it names fields (1802), each problem under its field.
 *
 * Number and amount fields keep what was typed (`texts`) beside the number it writes
 * (`values`); an amount's text is formatted (src/shared/format-amount.ts) when its field loses
 * focus, the number underneath unchanged.
 */

export type FormSource = { kind: 'new'; code: string } | { kind: 'existing'; id: number };
export type FormMode = 'edit' | 'view';

export interface DynamicFormInput {
  source: FormSource;
  /** An opened form starts read-only in `view`; a new form is always edited. */
  mode: FormMode;
  /** Names fields in messages and formats amounts. */
  lang: string;
}

export interface SaveFormInput {
  templateCode: string;
  id: number | null;
  version: number | null;
  templateData: TemplateDatum[];
}

export interface SavedForm {
  id: number;
  version: number;
}

/** What a refused save carries: the server's message, and its problems by field when it names any. */
export interface SaveRefusal {
  message: string;
  errors?: Array<{ name: string; key: string; params?: Record<string, unknown>; message?: string }>;
}

export interface DynamicFormContext extends DynamicFormInput {
  form: LoadedForm | null;
  values: Record<string, FieldValue>;
  /** Number and amount fields: the text in the input. */
  texts: Record<string, string>;
  /** The values as loaded or last saved: cancelling an edit brings them back. */
  savedValues: Record<string, FieldValue>;
  problems: Record<string, Problem>;
  id: number | null;
  version: number | null;
  /** Why the load or the last save failed (the server's message), cleared by the next try. */
  failure: string | null;
  /** True after a save succeeded, until the next change. */
  saved: boolean;
}

export type DynamicFormEvent =
  | { type: 'FIELD.CHANGE'; field: string; value: FieldValue }
  | { type: 'FIELD.BLUR'; field: string }
  | { type: 'FORM.SAVE' }
  | { type: 'FORM.EDIT' }
  | { type: 'FORM.CANCEL' }
  | { type: 'FORM.RETRY' }
  | { type: 'FORM.LOAD'; source: FormSource; mode: FormMode };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error));

const fieldOf = (context: DynamicFormContext, name: string): TemplateField | undefined => context.form?.template.find((f) => f.name === name);

/** The text a number or amount field shows for a value: an amount formatted, a number as written. */
export function textOf(field: TemplateField, value: FieldValue, lang: string): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'amount' && typeof value === 'number' && isAmount(value)) return formatAmount(value, lang, amountDecimals(field));
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** An amount's decimals: its `format` when that is a digit count, else the default. */
export const amountDecimals = (field: TemplateField): number | undefined => (field.format && /^\d$/.test(field.format) ? Number(field.format) : undefined);

const textsOf = (template: TemplateField[], values: Record<string, FieldValue>, lang: string) =>
  Object.fromEntries(template.filter((f) => NUMBER_TYPES.includes(f.type)).map((f) => [f.name, textOf(f, values[f.name] ?? null, lang)]));

export const dynamicFormMachine = setup({
  types: { context: {} as DynamicFormContext, events: {} as DynamicFormEvent, input: {} as DynamicFormInput },
  actors: {
    /** The server's JSON text of {template, templateData, …} for the source. */
    loadForm: fromPromise<string | null, FormSource>(async () => {
      throw new Error('loadForm not provided');
    }),
    saveForm: fromPromise<SavedForm, SaveFormInput>(async () => {
      throw new Error('saveForm not provided');
    }),
  },
  guards: {
    hasNoData: ({ event }) => parseLoadedForm((event as { output?: string | null }).output) === null,
    hasNoFields: ({ event }) => (parseLoadedForm((event as { output?: string | null }).output)?.template.length ?? 0) === 0,
    opensReadOnly: ({ context }) => context.mode === 'view' && context.source.kind === 'existing',
    isValid: ({ context }) => Object.keys(checkValues(context.form?.template ?? [], context.values, context.lang)).length === 0,
    isStored: ({ context }) => context.id !== null,
  },
  actions: {
    setSource: assign(({ event }) => (event.type === 'FORM.LOAD' ? { source: event.source, mode: event.mode } : {})),
    clearForm: assign({ form: () => null, values: () => ({}), texts: () => ({}), savedValues: () => ({}), problems: () => ({}), id: () => null, version: () => null, failure: () => null, saved: () => false }),
    keepForm: assign(({ context, event }) => {
      const form = parseLoadedForm((event as { output?: string | null }).output)!;
      const values = fromTemplateData(form.template, form.templateData);
      return { form, values, savedValues: values, texts: textsOf(form.template, values, context.lang), problems: {}, id: form.id ?? null, version: form.version ?? null, failure: null, saved: false };
    }),
    keepLoadFailure: assign({ failure: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    setValue: assign(({ context, event }) => {
      if (event.type !== 'FIELD.CHANGE') return {};
      const field = fieldOf(context, event.field);
      if (!field) return {};
      const value = inputValue(field, event.value);
      const texts = NUMBER_TYPES.includes(field.type) ? { ...context.texts, [field.name]: typeof event.value === 'string' ? event.value : textOf(field, value, context.lang) } : context.texts;
      const { [field.name]: _fixed, ...rest } = context.problems;
      // Rules with trigger 'change' speak as the user types; the others wait for the blur.
      const problem = checkField(field, value, context.lang, 'change');
      return { values: { ...context.values, [field.name]: value }, texts, problems: problem ? { ...rest, [field.name]: problem } : rest, saved: false, failure: null };
    }),
    checkBlurred: assign(({ context, event }) => {
      if (event.type !== 'FIELD.BLUR') return {};
      const field = fieldOf(context, event.field);
      if (!field) return {};
      const value = context.values[field.name] ?? null;
      const problem = checkField(field, value, context.lang, 'blur');
      const { [field.name]: _old, ...rest } = context.problems;
      // An amount shows its formatted text once the user leaves it; the number is unchanged.
      const texts = field.type === 'amount' && typeof value === 'number' ? { ...context.texts, [field.name]: textOf(field, value, context.lang) } : context.texts;
      return { problems: problem ? { ...rest, [field.name]: problem } : rest, texts };
    }),
    showAllProblems: assign(({ context }) => ({ problems: checkValues(context.form?.template ?? [], context.values, context.lang), failure: null })),
    clearFailure: assign({ failure: () => null }),
    keepSaved: assign(({ context, event }) => {
      const out = (event as { output?: SavedForm }).output;
      return { id: out?.id ?? context.id, version: out?.version ?? context.version, savedValues: context.values, saved: true, failure: null, problems: {} };
    }),
    keepSaveFailure: assign(({ context, event }) => {
      const error = (event as { error?: SaveRefusal | Error }).error;
      const errors = error && 'errors' in error && Array.isArray(error.errors) ? error.errors : [];
      const problems = { ...context.problems };
      for (const e of errors) if (fieldOf(context, e.name)) problems[e.name] = { key: e.key, params: e.params ?? {}, ...(e.message ? { message: e.message } : {}) };
      return { failure: messageOf(error), problems };
    }),
    restoreValues: assign(({ context }) => ({ values: context.savedValues, texts: textsOf(context.form?.template ?? [], context.savedValues, context.lang), problems: {}, failure: null })),
    clearSaved: assign({ saved: () => false }),
  },
}).createMachine({
  id: 'dynamicForm',
  context: ({ input }) => ({ ...input, form: null, values: {}, texts: {}, savedValues: {}, problems: {}, id: null, version: null, failure: null, saved: false }),
  initial: 'pending',
  on: {
    // Another template, or another saved form: start again.
    'FORM.LOAD': { target: '.pending', reenter: true, actions: ['setSource', 'clearForm'] },
  },
  states: {
    pending: {
      tags: ['busy'],
      invoke: {
        src: 'loadForm',
        input: ({ context }) => context.source,
        onDone: [
          { guard: 'hasNoData', target: 'error' },
          { guard: 'hasNoFields', target: 'empty' },
          { guard: 'opensReadOnly', target: 'success.viewing', actions: 'keepForm' },
          { target: 'success.editing', actions: 'keepForm' },
        ],
        onError: { target: 'error', actions: 'keepLoadFailure' },
      },
    },
    /** No data returned (widgets §8): the load failed or answered nothing usable. */
    error: {
      on: { 'FORM.RETRY': { target: 'pending', actions: 'clearForm' } },
    },
    /** The template has no fields: "data empty". */
    empty: {},
    success: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'FIELD.CHANGE': { actions: 'setValue' },
            'FIELD.BLUR': { actions: 'checkBlurred' },
            'FORM.SAVE': [{ guard: 'isValid', target: 'saving', actions: 'clearFailure' }, { actions: 'showAllProblems' }],
            'FORM.CANCEL': { guard: 'isStored', target: 'viewing', actions: 'restoreValues' },
          },
        },
        saving: {
          tags: ['busy', 'readOnly'],
          invoke: {
            src: 'saveForm',
            input: ({ context }) => ({
              templateCode: context.form?.templateCode ?? '',
              id: context.id,
              version: context.version,
              templateData: toTemplateData(context.form?.template ?? [], context.values),
            }),
            onDone: { target: 'viewing', actions: 'keepSaved' },
            onError: { target: 'editing', actions: 'keepSaveFailure' },
          },
        },
        viewing: {
          tags: ['readOnly'],
          on: { 'FORM.EDIT': { target: 'editing', actions: 'clearSaved' } },
        },
      },
    },
  },
});
