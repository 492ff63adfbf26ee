import { assign, fromPromise, setup } from 'xstate';
import { parseTemplateText, type TemplateProblem } from '../shared/dynamic-form';

/**
 * The administrators' template editor (issue 11 point 7; docs/dynamic-forms.md): code, name,
 * English name and the field list as JSON text. Every change of the text is checked at once by
 * the shared template check (the same one the server runs), so the problems and the preview
 * follow the typing; save goes out only when the code, the name and the template hold, and a
 * refusal (a code taken, a stale version, the server's own template problems) keeps everything
 * typed. `done` hands the saved template to the page.
 */

export type EditorField = 'code' | 'name' | 'nameEn' | 'fields';
export type EditorValues = Record<EditorField, string>;

export interface TemplateEditorInput {
  values: EditorValues;
  /** null for a new template; else the stored one's id and version. */
  id: number | null;
  version: number | null;
}

export interface TemplateEditorContext extends TemplateEditorInput {
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

export type TemplateEditorEvent = { type: 'FIELD.CHANGE'; field: EditorField; value: string } | { type: 'FORM.SAVE' };

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
    saveTemplate: fromPromise<unknown, TemplateEditorInput>(async () => {
      throw new Error('saveTemplate not provided');
    }),
  },
  guards: {
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
    keepSaved: assign({ saved: ({ event }) => (event as { output?: unknown }).output ?? null }),
    clearFailure: assign({ failure: () => null, serverProblems: () => [] }),
    keepFailure: assign(({ event }) => {
      const error = (event as { error?: { message?: string; problems?: TemplateProblem[] } }).error;
      return { failure: error?.message ?? String(error), serverProblems: Array.isArray(error?.problems) ? error.problems : [] };
    }),
  },
}).createMachine({
  id: 'templateEditor',
  context: ({ input }) => ({ ...input, problems: problemsOf(input.values.fields), missing: {}, failure: null, saved: null, serverProblems: [] }),
  initial: 'editing',
  states: {
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
