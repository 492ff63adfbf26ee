import { assign, fromPromise, setup } from 'xstate';

/**
 * One dashboard panel of the workbench (portal-shell §1 "workbench dashboards"; issue 15
 * point 4; docs/workbench.md). Every panel (balances, cash flow, reminders, to-do tasks,
 * often-used menus) runs its own copy, with its own `loadPanel` provided, so each loads on its
 * own and shows its own loading, empty and error state: a slow or failing panel leaves the
 * others alone.
 *
 * `loading` → `ready` (something to show) or `empty` (nothing: the panel's empty text) or
 * `failed` (a refusal shows the server's message, anything else the generic error) with a
 * retry; `ready` and `empty` reload on demand (the reload button, a changed window).
 */
export interface PanelResult {
  data: unknown;
  /** How many items the data holds: 0 is the empty state. */
  count: number;
}

/** Why the load failed: the server said no (its message), or no usable answer came. */
export type PanelFailure = { kind: 'refused'; message: string } | { kind: 'unreachable' };

export interface WorkbenchPanelContext {
  data: unknown;
  count: number;
  failure: PanelFailure | null;
  /** What the loader is asked for (the cash flow's window); opaque to the machine. */
  params: Record<string, unknown>;
}

export type WorkbenchPanelEvent = { type: 'PANEL.RETRY' } | { type: 'PANEL.RELOAD'; params?: Record<string, unknown> };

/** A refusal carries the server's business code (ApiError.code); 0 or none is not the server's word. */
export function panelFailureOf(error: unknown): PanelFailure {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e && typeof e.code === 'number' && e.code !== 0 && typeof e.message === 'string' && e.message !== '') return { kind: 'refused', message: e.message };
  return { kind: 'unreachable' };
}

const panelSetup = setup({
  types: { context: {} as WorkbenchPanelContext, events: {} as WorkbenchPanelEvent, input: {} as { params?: Record<string, unknown> } },
  actors: {
    loadPanel: fromPromise<PanelResult, Record<string, unknown>>(async () => {
      throw new Error('loadPanel not provided');
    }),
  },
  guards: {
    hasItems: ({ event }) => ((event as { output?: PanelResult }).output?.count ?? 0) > 0,
  },
  actions: {
    keepResult: assign(({ event }) => {
      const { data, count } = (event as unknown as { output: PanelResult }).output;
      return { data, count, failure: null };
    }),
    keepFailure: assign({ failure: ({ event }) => panelFailureOf((event as { error?: unknown }).error) }),
    clearFailure: assign({ failure: () => null }),
    keepParams: assign({ params: ({ context, event }) => (event.type === 'PANEL.RELOAD' && event.params ? { ...context.params, ...event.params } : context.params) }),
    /** Provided by a panel whose choice outlives the page (the cash flow's window and currency). */
    rememberParams: (_, _params: Record<string, unknown>) => {},
  },
});

/** A reload: the user's new choice (if any) kept, and remembered where the panel keeps it. */
const reload = {
  target: 'loading',
  actions: ['keepParams', { type: 'rememberParams', params: ({ context }: { context: WorkbenchPanelContext }) => context.params }],
} as const;

export const workbenchPanelMachine = panelSetup.createMachine({
  id: 'workbenchPanel',
  context: ({ input }) => ({ data: null, count: 0, failure: null, params: input?.params ?? {} }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadPanel',
        input: ({ context }) => context.params,
        onDone: [
          { guard: 'hasItems', target: 'ready', actions: 'keepResult' },
          { target: 'empty', actions: 'keepResult' },
        ],
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    ready: {
      on: { 'PANEL.RELOAD': reload },
    },
    /** Nothing to show: the panel's own empty text. */
    empty: {
      on: { 'PANEL.RELOAD': reload },
    },
    failed: {
      on: { 'PANEL.RETRY': { target: 'loading', actions: 'clearFailure' } },
    },
  },
});
