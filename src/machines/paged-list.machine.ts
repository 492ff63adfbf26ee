import { assign, fromPromise, setup } from 'xstate';
import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '../shared/constants';
import { messageOf } from './message-of';

/**
 * A server-paged list (the outbox, the reminders, and every resource list after them): load,
 * go to a page, change the page size (back to page 1), refresh; loading, ready, empty, error.
 *
 * One call is out at a time. Each request the user makes gets an id (`requestId`); the call
 * out carries the id it was made for (`inFlight`). A request made while a call is out only
 * records what is wanted now; when that call answers, its answer is for an older request and
 * is dropped, and the newest request goes out. So the rows shown are always those of the last
 * page asked for, whatever order the answers come in.
 *
 * The fetch is the injected actor `fetchPage({start, limit, params}) → {rows, total}`
 * (`start` is the 1-based page, as the portal's paged calls name it), provided by the view.
 * A change to the rows (cancel one, cancel all, delete…) is `LIST.ACT {action}`: the injected
 * actor `runAction(action)` runs it, then the page reloads; a refusal stays on the rows with
 * `actionError`.
 */
export interface PageQuery<P = Record<string, unknown>> {
  /** The page, from 1. */
  start: number;
  limit: number;
  params: P;
}

export interface PageAnswer<Row = unknown> {
  rows: Row[];
  total: number;
}

export interface PagedListContext<Row = unknown> {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  params: Record<string, unknown>;
  rows: Row[];
  /** The place of `rows[0]` in the whole list, from 0: (page − 1) × page size of the answer shown. */
  offset: number;
  total: number;
  /** The newest request the user made. */
  requestId: number;
  /** The request the call now out was made for. */
  inFlight: number;
  error: string | null;
  /** What the last change to the rows was refused with; cleared by the next request. */
  actionError: string | null;
  /** The change to the rows now out (or last out), as the view described it. */
  action: unknown;
}

export interface PagedListInput {
  pageSize?: number;
  pageSizes?: readonly number[];
  params?: Record<string, unknown>;
}

export type PagedListEvent =
  | { type: 'LIST.LOAD'; params?: Record<string, unknown> }
  | { type: 'LIST.PAGE'; page: number }
  | { type: 'LIST.PAGE_SIZE'; pageSize: number }
  | { type: 'LIST.REFRESH' }
  | { type: 'LIST.ACT'; action: unknown };

const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export const pagedListMachine = setup({
  types: { context: {} as PagedListContext, events: {} as PagedListEvent, input: {} as PagedListInput },
  actors: {
    fetchPage: fromPromise<PageAnswer, PageQuery>(async () => {
      throw new Error('fetchPage not provided');
    }),
    runAction: fromPromise<unknown, unknown>(async () => {
      throw new Error('runAction not provided');
    }),
  },
  guards: {
    /** The answer is for an older request than the newest: drop it. */
    isStale: ({ context }) => context.inFlight !== context.requestId,
    /** A page that exists and is not the one shown. */
    isOtherPage: ({ context, event }) => event.type === 'LIST.PAGE' && event.page !== context.page && event.page >= 1 && event.page <= lastPage(context.total, context.pageSize),
    isOtherPageSize: ({ context, event }) => event.type === 'LIST.PAGE_SIZE' && event.pageSize !== context.pageSize && context.pageSizes.includes(event.pageSize),
    /** Rows went away (the last ones on the last page were deleted): the page asked for no longer exists. */
    isPastEnd: ({ context, event }) => (event as unknown as { output: PageAnswer }).output.rows.length === 0 && context.page > 1,
    hasNoRows: ({ event }) => (event as unknown as { output: PageAnswer }).output.rows.length === 0,
  },
  actions: {
    loadParams: assign(({ context, event }) => ({
      params: event.type === 'LIST.LOAD' && event.params !== undefined ? event.params : context.params,
      page: 1,
      requestId: context.requestId + 1,
    })),
    setPage: assign(({ context, event }) => ({ page: event.type === 'LIST.PAGE' ? event.page : context.page, requestId: context.requestId + 1 })),
    setPageSize: assign(({ context, event }) => ({ pageSize: event.type === 'LIST.PAGE_SIZE' ? event.pageSize : context.pageSize, page: 1, requestId: context.requestId + 1 })),
    nextRequest: assign({ requestId: ({ context }) => context.requestId + 1 }),
    markInFlight: assign({ inFlight: ({ context }) => context.requestId }),
    applyPage: assign(({ context, event }) => {
      const { rows, total } = (event as unknown as { output: PageAnswer }).output;
      return { rows, total, offset: (context.page - 1) * context.pageSize, error: null };
    }),
    /** The page asked for is past the end: ask for the last one there is. */
    clampPage: assign(({ context, event }) => ({
      page: lastPage((event as unknown as { output: PageAnswer }).output.total, context.pageSize),
      requestId: context.requestId + 1,
    })),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    keepActionError: assign({ actionError: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    clearActionError: assign({ actionError: null }),
    keepAction: assign({ action: ({ context, event }) => (event.type === 'LIST.ACT' ? event.action : context.action) }),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({
    page: 1,
    pageSize: input.pageSize ?? TABLE_DEFAULT_PAGE_SIZE,
    pageSizes: input.pageSizes ?? TABLE_PAGE_SIZES,
    params: input.params ?? {},
    rows: [],
    offset: 0,
    total: 0,
    requestId: 0,
    inFlight: 0,
    error: null,
    actionError: null,
    action: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'LIST.LOAD': { target: 'loading', actions: 'loadParams' } },
    },
    loading: {
      tags: ['busy'],
      entry: ['markInFlight', 'clearActionError'],
      // Asked again while a call is out: remember what is wanted now; the answer decides.
      on: {
        'LIST.LOAD': { actions: 'loadParams' },
        'LIST.PAGE': { guard: 'isOtherPage', actions: 'setPage' },
        'LIST.PAGE_SIZE': { guard: 'isOtherPageSize', actions: 'setPageSize' },
        'LIST.REFRESH': { actions: 'nextRequest' },
      },
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ start: context.page, limit: context.pageSize, params: context.params }),
        onDone: [
          // An answer for an older request is dropped; the newest request goes out now.
          { guard: 'isStale', target: 'loading', reenter: true },
          { guard: 'isPastEnd', target: 'loading', reenter: true, actions: 'clampPage' },
          { guard: 'hasNoRows', target: 'empty', actions: 'applyPage' },
          { target: 'ready', actions: 'applyPage' },
        ],
        onError: [
          { guard: 'isStale', target: 'loading', reenter: true },
          { target: 'error', actions: 'keepError' },
        ],
      },
    },
    ready: {
      on: {
        'LIST.LOAD': { target: 'loading', actions: 'loadParams' },
        'LIST.PAGE': { guard: 'isOtherPage', target: 'loading', actions: 'setPage' },
        'LIST.PAGE_SIZE': { guard: 'isOtherPageSize', target: 'loading', actions: 'setPageSize' },
        'LIST.REFRESH': { target: 'loading', actions: 'nextRequest' },
        'LIST.ACT': { target: 'acting', actions: 'keepAction' },
      },
    },
    // A change to the rows is out; the list waits for it, then reloads the page it shows.
    acting: {
      tags: ['busy'],
      invoke: {
        src: 'runAction',
        input: ({ context }: { context: PagedListContext }) => context.action,
        onDone: { target: 'loading', actions: 'nextRequest' },
        onError: { target: 'ready', actions: 'keepActionError' },
      },
    },
    empty: {
      on: {
        'LIST.LOAD': { target: 'loading', actions: 'loadParams' },
        'LIST.PAGE_SIZE': { guard: 'isOtherPageSize', target: 'loading', actions: 'setPageSize' },
        'LIST.REFRESH': { target: 'loading', actions: 'nextRequest' },
      },
    },
    // The rows of the last good answer stay; retry is a refresh.
    error: {
      on: {
        'LIST.LOAD': { target: 'loading', actions: 'loadParams' },
        'LIST.REFRESH': { target: 'loading', actions: 'nextRequest' },
      },
    },
  },
});
