import { expect } from '@jest/globals';
import { orgStructTreeMachine, type OrgStructNode } from '../../src/machines/org-struct-tree.machine';
import { connectOrgStructTree } from '../../src/machines/org-struct-tree.connect';
import { describeModel } from './support/model';

const view = (s: unknown) => connectOrgStructTree(s as never, () => undefined);

const node = (id: number, orgCode: string, parentOrgCode: string | null): OrgStructNode => ({ id, version: 1, orgCode, parentOrgCode, enabled: true, orgName: orgCode });
const TREE = [node(3, 'GZ01', 'SC01'), node(1, 'HQ', null), node(2, 'SC01', 'HQ'), node(4, 'SH01', 'SC01')];

describeModel(orgStructTreeMachine, {
  events: {
    'NODE.ADD': [{ orgCode: 'BJ01', parentOrgCode: 'HQ' }, { orgCode: ' ', parentOrgCode: null }],
    'NODE.MOVE': [{ id: 3, version: 1, parentOrgCode: 'HQ' }],
    'NODE.REMOVE': [{ id: 4, version: 1, orgCode: 'SH01' }],
  },
  actors: {
    loadTree: { outputs: [TREE], errors: [new Error('网络错误')] },
    confirmRemove: { outputs: [true, false], errors: [new Error('no dialog')] },
    applyChange: { outputs: [undefined], errors: [new Error('组织结构FUND已包含机构“BJ01”')] },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.nodes.length, s.context.error, s.context.pending?.kind ?? null]),
  states: {
    loading: (s) => {
      expect([view(s).busy, view(s).getTreeProps()['aria-busy']]).toEqual([true, true]);
    },
    loadFailed: (s) => {
      const v = view(s);
      expect([v.error, v.getRetryProps().hidden]).toEqual(['网络错误', false]);
    },
    ready: (s) => {
      const v = view(s);
      // A question answered no (or never shown) leaves nothing pending.
      expect(s.context.pending).toBeNull();
      // Each node after its parent, children by code, indented by depth.
      expect(v.lines.map((l) => `${l.depth}:${l.orgCode}`)).toEqual(['0:HQ', '1:SC01', '2:GZ01', '2:SH01']);
      // SC01 cannot move under itself or its own branch.
      expect(v.moveTargets(TREE[2]!).map((n) => n.orgCode)).toEqual(['HQ']);
      expect(v.getRetryProps().hidden).toBe(true);
      if (s.context.error) expect(s.context.error).toBe('组织结构FUND已包含机构“BJ01”');
    },
    confirmingRemove: (s, _step, run) => {
      // The question names the node asked about; nothing is sent before the answer.
      expect(run.inputs.confirmRemove?.at(-1)).toEqual({ orgCode: 'SH01', orgName: 'SH01' });
      expect(s.context.pending).toEqual({ kind: 'remove', id: 4, version: 1, orgCode: 'SH01' });
      expect([view(s).busy, view(s).treeShown]).toEqual([false, true]);
    },
    saving: (s, step, run) => {
      expect(view(s).getRemoveProps(TREE[0]!).disabled).toBe(true);
      // What was asked is what the actor got (an add without an organisation never gets here).
      const change = run.inputs.applyChange?.at(-1) as { kind: string; orgCode?: string };
      expect(['add', 'move', 'remove']).toContain(change.kind);
      if (change.kind === 'add') expect(change.orgCode).toBe('BJ01');
      // A removal reaches the call only after a yes.
      if (change.kind === 'remove') expect([step.event.type, (step.event as { output?: unknown }).output]).toEqual([expect.stringContaining('confirmingRemove'), true]);
      expect(s.context.error).toBeNull();
    },
  },
});
