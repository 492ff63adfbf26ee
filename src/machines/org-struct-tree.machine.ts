import { assign, fromPromise, setup } from 'xstate';
import type { OrgTreeNode } from '../shared/org-tree';
import { messageOf } from './message-of';

/**
 * An organisation structure's tree in its dialog (docs/org-structure.md): the nodes load; an
 * administrator adds an organisation under a parent, moves a node under another or removes it
 * (after saying yes to the question `confirmingRemove` asks: a removal takes the node out of the
 * structure for good); each change is one call, after which the tree loads again, so what is
 * shown is what is stored. A refused change (the organisation already in the structure, a cycle,
 * a node with children) stays on the tree with the server's message; a failed load offers a retry.
 *
 * Effects are the injected actors `loadTree() → nodes`, `confirmRemove({orgCode, orgName}) → yes` and
 * `applyChange(change)`, bound by the view to the structure.
 */
export interface OrgStructNode extends OrgTreeNode {
  /** The organisation's name in the reader's language, when known. */
  orgName?: string;
}

export type OrgStructChange =
  | { kind: 'add'; orgCode: string; parentOrgCode: string | null }
  | { kind: 'move'; id: number; version: number; parentOrgCode: string | null }
  | { kind: 'remove'; id: number; version: number; orgCode: string };

export interface OrgStructTreeContext {
  nodes: OrgStructNode[];
  error: string | null;
  /** The change asked for, kept while the removal's question is open and the call runs. */
  pending: OrgStructChange | null;
}

export type OrgStructTreeEvent =
  | { type: 'TREE.RETRY' }
  | { type: 'NODE.ADD'; orgCode: string; parentOrgCode: string | null }
  | { type: 'NODE.MOVE'; id: number; version: number; parentOrgCode: string | null }
  | { type: 'NODE.REMOVE'; id: number; version: number; orgCode: string };

/** The change an event asks for, as the actor takes it. */
export function changeOf(event: OrgStructTreeEvent): OrgStructChange {
  if (event.type === 'NODE.ADD') return { kind: 'add', orgCode: event.orgCode, parentOrgCode: event.parentOrgCode };
  if (event.type === 'NODE.MOVE') return { kind: 'move', id: event.id, version: event.version, parentOrgCode: event.parentOrgCode };
  if (event.type === 'NODE.REMOVE') return { kind: 'remove', id: event.id, version: event.version, orgCode: event.orgCode };
  throw new Error(`${event.type} is no change`);
}

export const orgStructTreeMachine = setup({
  types: { context: {} as OrgStructTreeContext, events: {} as OrgStructTreeEvent },
  actors: {
    loadTree: fromPromise<OrgStructNode[], void>(async () => {
      throw new Error('loadTree not provided');
    }),
    confirmRemove: fromPromise<boolean, { orgCode: string; orgName?: string }>(async () => {
      throw new Error('confirmRemove not provided');
    }),
    applyChange: fromPromise<void, OrgStructChange>(async () => {
      throw new Error('applyChange not provided');
    }),
  },
  guards: {
    /** An organisation is named: an add without one has nothing to send. */
    namesOrganisation: ({ event }) => event.type !== 'NODE.ADD' || event.orgCode.trim() !== '',
    /** The administrator said yes to the removal's question. */
    answeredYes: (_, yes: boolean) => yes,
  },
  actions: {
    keepNodes: assign({ nodes: (_, nodes: OrgStructNode[]) => nodes }),
    keepPending: assign({ pending: ({ event }) => changeOf(event as OrgStructTreeEvent) }),
    dropPending: assign({ pending: null }),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'orgStructTree',
  context: { nodes: [], error: null, pending: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadTree',
        onDone: { target: 'ready', actions: { type: 'keepNodes', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'keepError' },
      },
    },
    loadFailed: { on: { 'TREE.RETRY': { target: 'loading', actions: 'clearError' } } },
    ready: {
      on: {
        'NODE.ADD': { guard: 'namesOrganisation', target: 'saving', actions: 'keepPending' },
        'NODE.MOVE': { target: 'saving', actions: 'keepPending' },
        'NODE.REMOVE': { target: 'confirmingRemove', actions: 'keepPending' },
      },
    },
    confirmingRemove: {
      invoke: {
        src: 'confirmRemove',
        input: ({ context }) => {
          const orgCode = context.pending?.kind === 'remove' ? context.pending.orgCode : '';
          return { orgCode, orgName: context.nodes.find((n) => n.orgCode === orgCode)?.orgName };
        },
        onDone: [
          { guard: { type: 'answeredYes', params: ({ event }) => event.output }, target: 'saving' },
          { target: 'ready', actions: 'dropPending' },
        ],
        // No answer (the dialog could not open): nothing is removed.
        onError: { target: 'ready', actions: 'dropPending' },
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'clearError',
      exit: 'dropPending',
      invoke: {
        src: 'applyChange',
        input: ({ context }) => context.pending!,
        onDone: 'loading',
        // Refused: the tree stays as it was, the message above it.
        onError: { target: 'ready', actions: 'keepError' },
      },
    },
  },
});
