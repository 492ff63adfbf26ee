import type { SnapshotFrom } from 'xstate';
import { flattenOrgTree, orgCodesUnder } from '../shared/org-tree';
import type { OrgStructNode, OrgStructTreeEvent, orgStructTreeMachine } from './org-struct-tree.machine';

type Snapshot = SnapshotFrom<typeof orgStructTreeMachine>;

export type OrgStructTreeState = 'loading' | 'loadFailed' | 'ready' | 'confirmingRemove' | 'saving';

/**
 * The structure tree dialog's anatomy (Zag.js style): `tree` (the indented list), each `node`
 * (its depth for the indent, the parents it may move under, its move and remove controls),
 * `add` (the organisation and parent chosen by the view) and `retry`, each with `data-part`
 * and `data-state`.
 */
export function connectOrgStructTree(snapshot: Snapshot, send: (event: OrgStructTreeEvent) => void) {
  const state = snapshot.value as OrgStructTreeState;
  const busy = snapshot.hasTag('busy');
  const { nodes, error } = snapshot.context;
  const lines = flattenOrgTree(nodes);
  const enabled = lines.filter((n) => n.enabled);
  return {
    state,
    busy,
    /** The tree is on screen: loaded, kept while a removal is asked about and while a change is sent. */
    treeShown: state === 'ready' || state === 'confirmingRemove' || state === 'saving',
    error,
    lines,
    /** Organisations a new node may hang under: the structure's enabled nodes. */
    parents: enabled.map((n) => ({ orgCode: n.orgCode, orgName: n.orgName ?? '' })),
    getTreeProps: () => ({ 'data-part': 'tree', 'data-state': state, role: 'tree' as const, 'aria-busy': busy }),
    getNodeProps: (node: OrgStructNode & { depth: number }) => ({
      'data-part': 'node',
      'data-state': node.enabled ? 'enabled' : 'disabled',
      'data-depth': node.depth,
      role: 'treeitem' as const,
      'aria-level': node.depth + 1,
    }),
    /** Where a node may move: an enabled node outside its own branch, or the root. */
    moveTargets: (node: OrgStructNode) => {
      const under = new Set(orgCodesUnder(nodes, node.orgCode));
      return enabled.filter((n) => !under.has(n.orgCode)).map((n) => ({ orgCode: n.orgCode, orgName: n.orgName ?? '' }));
    },
    move: (node: OrgStructNode, parentOrgCode: string | null) => send({ type: 'NODE.MOVE', id: node.id, version: node.version, parentOrgCode }),
    getRemoveProps: (node: OrgStructNode) => ({ 'data-part': 'remove', 'data-state': state, disabled: busy, onClick: () => send({ type: 'NODE.REMOVE', id: node.id, version: node.version, orgCode: node.orgCode }) }),
    add: (orgCode: string, parentOrgCode: string | null) => send({ type: 'NODE.ADD', orgCode, parentOrgCode }),
    getRetryProps: () => ({ 'data-part': 'retry', 'data-state': state, hidden: state !== 'loadFailed', onClick: () => send({ type: 'TREE.RETRY' }) }),
  };
}

export type OrgStructTreeApi = ReturnType<typeof connectOrgStructTree>;
