import type { SnapshotFrom } from 'xstate';
import type { EditorField, TemplateEditorEvent, templateEditorMachine } from './template-editor.machine';
import { busyButton } from './form.connect';

type Snapshot = SnapshotFrom<typeof templateEditorMachine>;

/**
 * The template editor's anatomy: the inputs (code locked once stored), the template's problems
 * (the check's, then the server's of the last refusal), the failure and the save trigger.
 */
export function connectTemplateEditor(snapshot: Snapshot, send: (event: TemplateEditorEvent) => void) {
  const { context } = snapshot;
  const state = snapshot.value as 'editing' | 'saving' | 'done';
  const busy = snapshot.hasTag('busy');
  const problems = context.problems.length ? context.problems : context.serverProblems;
  return {
    state,
    busy,
    isNew: context.id === null,
    values: context.values,
    problems,
    /** The field list parses and holds: the preview can draw it. */
    valid: context.problems.length === 0,
    failure: context.failure,
    missing: context.missing,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': busy }),
    getInputProps: (field: EditorField) => ({
      name: field,
      value: context.values[field],
      readOnly: busy || (field === 'code' && context.id !== null),
      'data-state': context.missing[field] || (field === 'fields' && problems.length) ? 'invalid' : 'valid',
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'FIELD.CHANGE', field, value: e.currentTarget.value }),
    }),
    /** Busy (spinner, aria-disabled), not disabled, while saving: the focus stays on it. */
    getSaveProps: () => ({ 'data-part': 'save', 'data-state': busy ? 'busy' : 'idle', busy, ...busyButton(busy || state === 'done', () => send({ type: 'FORM.SAVE' })) }),
    /** Cancel, the example and the lookup offer: they wait while the template is saved. */
    getAsideProps: (onClick: () => void) => busyButton(busy, onClick),
  };
}

export type TemplateEditorApi = ReturnType<typeof connectTemplateEditor>;
