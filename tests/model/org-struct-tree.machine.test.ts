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
    'NODE.REMOVE': [{ id: 4, version: 1 }],
  },
  actors: {
    loadTree: { outputs: [TREE], errors: [new Error('网络错误')] },
    applyChange: { outputs: [undefined], errors: [new Error('组织结构FUND已包含机构“BJ01”')] },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.nodes.length, s.context.error]),
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
      // Each node after its parent, children by code, indented by depth.
      expect(v.lines.map((l) => `${l.depth}:${l.orgCode}`)).toEqual(['0:HQ', '1:SC01', '2:GZ01', '2:SH01']);
      // SC01 cannot move under itself or its own branch.
      expect(v.moveTargets(TREE[2]!).map((n) => n.orgCode)).toEqual(['HQ']);
      expect(v.getRetryProps().hidden).toBe(true);
      if (s.context.error) expect(s.context.error).toBe('组织结构FUND已包含机构“BJ01”');
    },
    saving: (s, _step, run) => {
      expect(view(s).getRemoveProps(TREE[0]!).disabled).toBe(true);
      // What was asked is what the actor got (an add without an organisation never gets here).
      const change = run.inputs.applyChange?.at(-1) as { kind: string; orgCode?: string };
      expect(['add', 'move', 'remove']).toContain(change.kind);
      if (change.kind === 'add') expect(change.orgCode).toBe('BJ01');
      expect(s.context.error).toBeNull();
    },
  },
});
