import type { SnapshotFrom } from 'xstate';
import type { EditorField, TemplateEditorEvent, templateEditorMachine } from './template-editor.machine';
import { busyButton } from './form.connect';

type Snapshot = SnapshotFrom<typeof templateEditorMachine>;

/**
 * The template editor's anatomy: the inputs (code locked once stored), the template's problems
 * (the check's, then the server's of the last refusal), the failure, the save trigger, and the
 * retry of a stored template that could not be read.
 */
export function connectTemplateEditor(snapshot: Snapshot, send: (event: TemplateEditorEvent) => void) {
  const { context } = snapshot;
  const state = snapshot.value as 'opening' | 'loading' | 'loadFailed' | 'editing' | 'saving' | 'done';
  const busy = snapshot.hasTag('busy');
  const saving = state === 'saving';
  /** Read and editable: the stored template has been read, or the template is new. */
  const open = state === 'editing' || saving || state === 'done';
  const problems = context.problems.length ? context.problems : context.serverProblems;
  return {
    state,
    busy,
    /** The stored template is still being read: the editor shows its place, not empty fields. */
    loading: state === 'opening' || state === 'loading',
    loadFailed: state === 'loadFailed',
    open,
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
      readOnly: busy || !open || (field === 'code' && context.id !== null),
      'data-state': context.missing[field] || (field === 'fields' && problems.length) ? 'invalid' : 'valid',
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'FIELD.CHANGE', field, value: e.currentTarget.value }),
    }),
    /** Busy (spinner, aria-disabled), not disabled, while saving: the focus stays on it. */
    getSaveProps: () => ({ 'data-part': 'save', 'data-state': saving ? 'busy' : 'idle', busy: saving, ...busyButton(state !== 'editing', () => send({ type: 'FORM.SAVE' })) }),
    /** The example and the lookup offer: they wait while the template is read or saved. */
    getAsideProps: (onClick: () => void) => busyButton(busy || !open, onClick),
    /** Cancel: always live but while saving (a read under way is simply dropped). */
    getCancelProps: (onClick: () => void) => busyButton(saving, onClick),
    getRetryProps: () => ({ 'data-part': 'retry', type: 'button' as const, onClick: () => send({ type: 'RETRY' }) }),
  };
}

export type TemplateEditorApi = ReturnType<typeof connectTemplateEditor>;
