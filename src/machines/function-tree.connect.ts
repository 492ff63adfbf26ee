import type { SnapshotFrom } from 'xstate';
import { isDirty, keepReasonOf, selectedOf, type FormField, type FunctionTreeEvent, type functionTreeMachine } from './function-tree.machine';
import { busyButton, busyField, fieldChange, submitProps } from './form.connect';
import { selfAndDescendants, treeOrder, type TreeFunction } from '../shared/function-tree';

type Snapshot = SnapshotFrom<typeof functionTreeMachine>;
type Send = (event: FunctionTreeEvent) => void;

/** The functions shown for a filter: those whose names or address hold it, with their ancestors so each sits in its place. */
function visibleIds(nodes: readonly TreeFunction[], filter: string): Set<number> | null {
  const text = filter.trim().toLowerCase();
  if (!text) return null;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const shown = new Set<number>();
  for (const n of nodes) {
    if (![n.functionName, n.functionNameEn, n.funcUrl ?? ''].some((v) => v.toLowerCase().includes(text))) continue;
    for (let at: TreeFunction | undefined = n; at && !shown.has(at.id); at = at.fatherFunctionId === null ? undefined : byId.get(at.fatherFunctionId)) shown.add(at.id);
  }
  return shown;
}

/** The function tree page's props from the machine's snapshot; the view only renders them (and picks the names of the reader's language). */
export function connectFunctionTree(snapshot: Snapshot, send: Send) {
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const saving = snapshot.matches('saving');
  const deleting = snapshot.matches('deleting');
  const dirty = isDirty(context);
  const selected = selectedOf(context);
  const state = snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : saving ? 'saving' : deleting ? 'deleting' : dirty ? 'changed' : 'idle';
  const shown = visibleIds(context.nodes, context.filter);
  const ordered = treeOrder(context.nodes);
  const hasChildren = new Set(context.nodes.map((n) => n.fatherFunctionId));
  // Where the function in the form may go: anywhere but under itself or beneath it.
  const excluded = context.mode === 'edit' && selected ? selfAndDescendants(context.nodes, selected.id) : new Set<number>();
  const keepReason = keepReasonOf(context.nodes, selected);

  return {
    state,
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    mode: context.mode,
    selected,
    dirty,
    errors: context.errors,
    serverMessage: context.serverMessage,
    notice: context.notice,
    keepReason,
    total: context.nodes.length,
    rows: ordered.filter(({ node }) => !shown || shown.has(node.id)).map(({ node, depth }) => ({ node, depth, leaf: !hasChildren.has(node.id) })),
    parentOptions: ordered.filter(({ node }) => !excluded.has(node.id)).map(({ node, depth }) => ({ value: String(node.id), node, depth })),
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': busy }),
    getFilterProps: () => ({ 'data-part': 'filter', name: 'filter', value: context.filter, onChange: (e: { currentTarget: { value: string } }) => send({ type: 'FILTER.CHANGE', value: e.currentTarget.value }) }),
    /** A function in the tree: pressed, it comes into the form (asking first when the form holds changes). */
    getNodeProps: (node: TreeFunction, depth: number) => ({
      'data-part': 'node',
      'data-state': node.id === context.selectedId && context.mode === 'edit' ? 'selected' : 'idle',
      'data-depth': depth,
      'aria-current': node.id === context.selectedId && context.mode === 'edit' ? ('true' as const) : undefined,
      type: 'button' as const,
      ...busyButton(busy, () => send({ type: 'NODE.SELECT', id: node.id })),
    }),
    getFormProps: () => ({ 'data-part': 'form', 'data-state': context.mode, ...submitProps(() => send({ type: 'FORM.SUBMIT' })) }),
    /** A field of the form: read-only while a call runs, so the focus stays where it was. */
    getFieldProps: (field: FormField) => {
      const error = field === 'fatherFunctionId' ? undefined : context.errors[field];
      return {
        'data-part': 'field',
        'data-state': error ? 'invalid' : 'valid',
        id: `function-${field}`,
        name: field,
        value: context.values[field],
        ...busyField(busy),
        invalid: Boolean(error),
        error: error ?? null,
        onChange: fieldChange(send, field),
      };
    },
    getSaveProps: () => ({ 'data-part': 'save', 'data-state': saving ? 'saving' : 'idle', type: 'submit' as const, busy: saving, ...busyButton(busy) }),
    getResetProps: () => ({ 'data-part': 'reset', type: 'button' as const, ...busyButton(busy || !dirty, () => send({ type: 'FORM.RESET' })) }),
    getAddTopProps: () => ({ 'data-part': 'add-top', type: 'button' as const, ...busyButton(busy, () => send({ type: 'NODE.ADD', parentId: null })) }),
    getAddChildProps: () => ({ 'data-part': 'add-child', type: 'button' as const, ...busyButton(busy || !selected || context.mode !== 'edit', () => selected && send({ type: 'NODE.ADD', parentId: selected.id })) }),
    getDeleteProps: () => ({ 'data-part': 'delete', type: 'button' as const, busy: deleting, ...busyButton(busy || context.mode !== 'edit' || keepReason !== null, () => send({ type: 'NODE.DELETE' })) }),
    getReloadProps: () => ({ 'data-part': 'reload', type: 'button' as const, ...busyButton(busy, () => send({ type: 'TREE.RELOAD' })) }),
    discardOpen: snapshot.matches('confirmingDiscard'),
    getDiscardConfirmProps: () => ({ 'data-part': 'discard-confirm', type: 'button' as const, onClick: () => send({ type: 'DISCARD.CONFIRM' }) }),
    getDiscardCancelProps: () => ({ 'data-part': 'discard-cancel', type: 'button' as const, onClick: () => send({ type: 'DISCARD.CANCEL' }) }),
    deleteOpen: snapshot.matches('confirmingDelete') || deleting,
    getDeleteConfirmProps: () => ({ 'data-part': 'delete-confirm', type: 'button' as const, busy: deleting, ...busyButton(deleting, () => send({ type: 'DELETE.CONFIRM' })) }),
    getDeleteCancelProps: () => ({ 'data-part': 'delete-cancel', type: 'button' as const, ...busyButton(deleting, () => send({ type: 'DELETE.CANCEL' })) }),
  };
}

export type FunctionTreeApi = ReturnType<typeof connectFunctionTree>;
