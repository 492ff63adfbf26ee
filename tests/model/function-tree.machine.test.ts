import { expect } from '@jest/globals';
import { functionTreeMachine, isDirty, valuesOf } from '../../src/machines/function-tree.machine';
import { connectFunctionTree } from '../../src/machines/function-tree.connect';
import type { TreeFunction } from '../../src/shared/function-tree';
import { describeModel } from './support/model';

/** A group with a granted page beneath it, and a page of its own granted to no one. */
const node = (id: number, fatherFunctionId: number | null, name: string, funcUrl: string | null, dutyCount = 0): TreeFunction => ({
  id,
  fatherFunctionId,
  functionName: name,
  functionNameEn: `${name} (en)`,
  funcUrl,
  funcOrder: id,
  version: 1,
  dutyCount,
});
const tree = [node(1, null, '参考数据', null), node(2, 1, '币种', '/currency', 2), node(3, 1, '利率曲线', '/rate-curve')];
const saved = { ...tree[2]!, functionNameEn: 'Rate curves', version: 2 };
const added = node(4, 1, '新功能', '/new-page');
const view = (snapshot: unknown) => connectFunctionTree(snapshot as never, (() => undefined) as never);

/** The traversal's notion of "the same state": what the form is about and whether it holds changes, not every value typed. */
const serializeState = (s: { value: unknown; context: Parameters<typeof isDirty>[0] & { nodes: TreeFunction[]; selectedId: number | null; errors: object; filter: string; serverMessage: string | null; notice: string | null; pending: unknown } }) =>
  JSON.stringify([s.value, s.context.nodes.map((n) => n.id), s.context.selectedId, s.context.mode, isDirty(s.context), Object.keys(s.context.errors), Boolean(s.context.serverMessage), s.context.pending]);

describeModel(functionTreeMachine, {
  serializeState: serializeState as never,
  events: {
    'NODE.SELECT': (snapshot) => ((snapshot.context as { mode: string }).mode === 'none' ? [{ id: 2 }, { id: 3 }, { id: 99 }] : [{ id: 2 }, { id: 3 }]),
    'NODE.ADD': [{ parentId: 1 }],
    'FIELD.CHANGE': [
      { field: 'functionNameEn', value: 'Rate curves' },
      { field: 'funcOrder', value: 'ten' },
    ],
    // Narrowing the tree is checked in the first states reached (onState), not walked through every state.
    'FILTER.CHANGE': (snapshot) => ((snapshot.context as { filter: string; mode: string }).filter || (snapshot.context as { mode: string }).mode !== 'none' ? [] : [{ value: '币种' }]),
  },
  actors: {
    loadTree: { outputs: [tree], errors: [new Error('offline')] },
    saveFunction: { outputs: [saved, added], errors: [new Error('地址已被使用')] },
    deleteFunction: { outputs: [null], errors: [new Error('职责授予了它')] },
  },
  onState: (snapshot, step) => {
    const api = view(snapshot);
    const { context } = snapshot;
    // What was typed is what the form shows, whatever the machine does next.
    if (step.event.type === 'FIELD.CHANGE' && context.mode !== 'none') {
      const { field, value } = step.event as unknown as { field: 'functionNameEn' | 'funcOrder'; value: string };
      expect(api.getFieldProps(field).value).toBe(value);
    }
    // The filter narrows the tree to the functions that hold it and their parents; the form is untouched.
    const ids = context.nodes.map((n) => n.id);
    const expected = context.filter === '币种' ? ids.filter((id) => id === 1 || id === 2) : ids;
    expect(api.rows.map((r) => r.node.id).sort()).toEqual(expected.sort());
    // Undo puts back what the form started from, whichever field was changed.
    if (step.event.type === 'FORM.RESET') expect([isDirty(context), api.getResetProps()['aria-disabled']]).toEqual([false, true]);
    // A function cannot be moved under itself or beneath it.
    if (context.mode === 'edit' && context.selectedId !== null) expect(api.parentOptions.map((o) => o.node.id)).not.toContain(context.selectedId);
    expect(api.getRootProps()['aria-busy']).toBe(snapshot.hasTag('busy'));
  },
  states: {
    loading: (snapshot) => {
      expect(view(snapshot).state).toBe('loading');
    },
    failed: (snapshot) => {
      const api = view(snapshot);
      expect([api.failed, api.serverMessage]).toEqual([true, 'offline']);
    },
    browsing: (snapshot, step, run) => {
      const api = view(snapshot);
      const { context } = snapshot;
      if (step.event.type === 'NODE.SELECT') {
        const id = (step.event as unknown as { id: number }).id;
        // An unknown function changes nothing; a known one comes into the form with its own values.
        if (id === 99) expect(context.selectedId).not.toBe(99);
        else expect([context.selectedId, context.mode, context.values]).toEqual([id, 'edit', valuesOf(context.nodes.find((n) => n.id === id)!)]);
      }
      // A new function starts under its parent, after the parent's last function.
      const lastOrder = Math.max(...context.nodes.filter((n) => n.fatherFunctionId === 1).map((n) => n.funcOrder));
      if (step.event.type === 'NODE.ADD') expect([context.mode, context.values.fatherFunctionId, context.values.funcOrder, context.values.functionName]).toEqual(['add', '1', String(lastOrder + 10), '']);
      if (step.event.type.startsWith('xstate.done.actor') && (context.notice === 'saved' || context.notice === 'added')) {
        // Saved: the form shows what the server holds, nothing left unsaved.
        expect([context.mode, isDirty(context), api.serverMessage]).toEqual(['edit', false, null]);
        expect(context.nodes.find((n) => n.id === context.selectedId)).toBeDefined();
      }
      // Deleted: the function is gone from the tree, and its parent (when there is one) is in the form.
      if (step.event.type.startsWith('xstate.done.actor') && context.notice === 'deleted') {
        const gone = (run.inputs.deleteFunction?.at(-1) as { id: number }).id;
        expect([context.nodes.map((n) => n.id).includes(gone), context.selectedId]).toEqual([false, 1]);
      }
      if (step.event.type.startsWith('xstate.error.actor') && context.mode !== 'none') {
        // Refused: what was typed stays, and the reason shows.
        expect(['地址已被使用', '职责授予了它']).toContain(api.serverMessage);
      }
      // The granted page and the group with children say why they stay.
      if (context.mode === 'edit' && context.selectedId === 2) expect([api.keepReason, api.getDeleteProps()['aria-disabled']]).toEqual(['granted', true]);
      if (context.mode === 'edit' && context.selectedId === 3) expect(api.keepReason).toBeNull();
      if (context.mode === 'none') expect(api.getAddChildProps()['aria-disabled']).toBe(true);
    },
    confirmingDiscard: (snapshot) => {
      const api = view(snapshot);
      // Asked only with something unsaved, which stays until the answer.
      expect([api.discardOpen, isDirty(snapshot.context), snapshot.context.pending]).toEqual([true, true, expect.anything()]);
    },
    saving: (snapshot, _step, run) => {
      const input = run.inputs.saveFunction?.at(-1) as { mode: string; id?: number } | undefined;
      expect(input?.mode).toBe(snapshot.context.mode);
      if (snapshot.context.mode === 'edit') expect(input?.id).toBe(snapshot.context.selectedId);
      expect(view(snapshot).getSaveProps()['data-state']).toBe('saving');
    },
    confirmingDelete: (snapshot) => {
      const api = view(snapshot);
      // Only a function with nothing beneath it and no grant is asked about (the page, and the one added).
      expect([api.deleteOpen, api.keepReason, [3, 4].includes(snapshot.context.selectedId!)]).toEqual([true, null, true]);
    },
    deleting: (snapshot, _step, run) => {
      expect(run.inputs.deleteFunction?.at(-1)).toEqual({ id: snapshot.context.selectedId, version: snapshot.context.nodes.find((n) => n.id === snapshot.context.selectedId)!.version });
    },
  },
});
