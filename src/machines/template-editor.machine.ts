import { assign, fromPromise, setup } from 'xstate';
import { parseTemplateText, type TemplateProblem } from '../shared/dynamic-form';

/**
 * The administrators' template editor (issue 11 point 7; docs/dynamic-forms.md): code, name,
 * English name and the field list as JSON text. Every change of the text is checked at once by
 * the shared template check (the same one the server runs), so the problems and the preview
 * follow the typing; save goes out only when the code, the name and the template hold, and a
 * refusal (a code taken, a stale version, the server's own template problems) keeps everything
 * typed. `done` hands the saved template to the page. A stored template is read by the editor
 * itself (`loading`): the editor opens at once on the click, and a read that fails says so in
 * the editor with a retry.
 */

export type EditorField = 'code' | 'name' | 'nameEn' | 'fields';
export type EditorValues = Record<EditorField, string>;

/** A template as it is saved: a new one has no id nor version. */
export interface TemplateDraft {
  values: EditorValues;
  /** null for a new template; else the stored one's id and version. */
  id: number | null;
  version: number | null;
}

/** A new template (id null), or the stored template to read. */
export interface TemplateEditorInput {
  id: number | null;
}

/** What a new template starts from. */
export const NEW_TEMPLATE: EditorValues = { code: '', name: '', nameEn: '', fields: '[]' };

export interface TemplateEditorContext extends TemplateDraft {
  /** The template check's problems of the current text (none when it holds). */
  problems: TemplateProblem[];
  /** Code or name left empty, by field: message keys. */
  missing: Partial<Record<EditorField, string>>;
  failure: string | null;
  /** What the server answered to the save. */
  saved: unknown;
  /** The server's template problems of the last refusal, when it named any. */
  serverProblems: TemplateProblem[];
}

export type TemplateEditorEvent = { type: 'FIELD.CHANGE'; field: EditorField; value: string } | { type: 'FORM.SAVE' } | { type: 'RETRY' };

const CODE_TEXT = /^[A-Za-z0-9_.:-]+$/;

export function missingOf(values: EditorValues): Partial<Record<EditorField, string>> {
  const out: Partial<Record<EditorField, string>> = {};
  if (!CODE_TEXT.test(values.code.trim())) out.code = 'dynamic.admin.codeRequired';
  if (!values.name.trim()) out.name = 'dynamic.admin.nameRequired';
  return out;
}

const problemsOf = (text: string) => parseTemplateText(text).problems;

export const templateEditorMachine = setup({
  types: { context: {} as TemplateEditorContext, events: {} as TemplateEditorEvent, input: {} as TemplateEditorInput, output: {} as unknown },
  actors: {
    loadTemplate: fromPromise<TemplateDraft, { id: number }>(async () => {
      throw new Error('loadTemplate not provided');
    }),
    saveTemplate: fromPromise<unknown, TemplateDraft>(async () => {
      throw new Error('saveTemplate not provided');
    }),
  },
  guards: {
    isStored: ({ context }) => context.id !== null,
    isValid: ({ context }) => Object.keys(missingOf(context.values)).length === 0 && problemsOf(context.values.fields).length === 0,
  },
  actions: {
    setValue: assign(({ context, event }) => {
      if (event.type !== 'FIELD.CHANGE') return {};
      const values = { ...context.values, [event.field]: event.value };
      const { [event.field]: _fixed, ...missing } = context.missing;
      return { values, missing, problems: event.field === 'fields' ? problemsOf(event.value) : context.problems, failure: null };
    }),
    showProblems: assign(({ context }) => ({ missing: missingOf(context.values), problems: problemsOf(context.values.fields) })),
    /** The stored template as read: its values, and the version a save is made at. */
    applyTemplate: assign(({ event }) => {
      const draft = (event as unknown as { output: TemplateDraft }).output;
      return { values: draft.values, version: draft.version, problems: problemsOf(draft.values.fields), failure: null };
    }),
    keepSaved: assign({ saved: ({ event }) => (event as { output?: unknown }).output ?? null }),
    clearFailure: assign({ failure: () => null, serverProblems: () => [] }),
    keepFailure: assign(({ event }) => {
      const error = (event as { error?: { message?: string; problems?: TemplateProblem[] } }).error;
      return { failure: error?.message ?? String(error), serverProblems: Array.isArray(error?.problems) ? error.problems : [] };
    }),
  },
}).createMachine({
  id: 'templateEditor',
  context: ({ input }) => ({ values: NEW_TEMPLATE, id: input.id, version: null, problems: problemsOf(NEW_TEMPLATE.fields), missing: {}, failure: null, saved: null, serverProblems: [] }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'isStored', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadTemplate',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'editing', actions: 'applyTemplate' },
        onError: { target: 'loadFailed', actions: 'keepFailure' },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: 'clearFailure' } },
    },
    editing: {
      on: {
        'FIELD.CHANGE': { actions: 'setValue' },
        'FORM.SAVE': [{ guard: 'isValid', target: 'saving', actions: 'clearFailure' }, { actions: 'showProblems' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveTemplate',
        input: ({ context }) => ({ values: context.values, id: context.id, version: context.version }),
        onDone: { target: 'done', actions: 'keepSaved' },
        onError: { target: 'editing', actions: 'keepFailure' },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }: { context: TemplateEditorContext }) => context.saved,
});
