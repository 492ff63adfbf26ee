import type { SnapshotFrom } from 'xstate';
import type { PagedListEvent, pagedListMachine } from './paged-list.machine';

type Snapshot = SnapshotFrom<typeof pagedListMachine>;
type Send = (event: PagedListEvent) => void;

export type PagedListState = 'idle' | 'loading' | 'acting' | 'ready' | 'empty' | 'error';

/**
 * A paged list's anatomy from the machine's snapshot (Zag.js style): `root`, `row`,
 * `pagination` (spread on Chakra's Pagination.Root), `page-size`, `retry`, `refresh`, each
 * with `data-part` and `data-state`. The widget renders them; the logic stays here.
 */
export function connectPagedList<Row = unknown>(snapshot: Snapshot, send: Send) {
  const { context } = snapshot;
  const state = (typeof snapshot.value === 'string' ? snapshot.value : 'idle') as PagedListState;
  const busy = snapshot.hasTag('busy');
  const pages = Math.max(1, Math.ceil(context.total / context.pageSize));
  const rows = context.rows as Row[];
  return {
    state,
    busy,
    rows,
    /** The place of the first row shown in the whole list, from 0 (a row number is `offset + index + 1`). */
    offset: context.offset,
    total: context.total,
    page: context.page,
    pageSize: context.pageSize,
    pageSizes: context.pageSizes,
    pages,
    error: context.error,
    actionError: context.actionError,
    /** Nothing to show yet: the first answer is not in. */
    firstLoad: busy && rows.length === 0,
    empty: state === 'empty',
    failed: state === 'error',
    /** The pager is worth showing: more than one page, or more rows than the smallest page size. */
    hasPager: context.total > Math.min(context.pageSize, ...context.pageSizes),
    load: (params?: Record<string, unknown>) => send({ type: 'LIST.LOAD', params }),
    refresh: () => send({ type: 'LIST.REFRESH' }),
    /** Change the rows (the view's `runAction` does it), then reload the page. */
    act: (action: unknown) => send({ type: 'LIST.ACT', action }),
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': busy }),
    /** A button that changes the rows: off while anything is out. */
    getActionProps: (action: unknown) => ({ 'data-part': 'action', 'data-state': busy ? 'busy' : 'idle', disabled: busy || state !== 'ready', onClick: () => send({ type: 'LIST.ACT', action }) }),
    getRowProps: (row: Row, index = rows.indexOf(row)) => ({ 'data-part': 'row', 'data-index': index, 'data-state': busy ? 'stale' : 'current' }),
    getPaginationProps: () => ({
      'data-part': 'pagination',
      'data-state': busy ? 'busy' : 'idle',
      count: context.total,
      pageSize: context.pageSize,
      page: context.page,
      onPageChange: (details: { page: number }) => send({ type: 'LIST.PAGE', page: details.page }),
    }),
    getPageSizeProps: () => ({
      'data-part': 'page-size',
      'data-state': busy ? 'busy' : 'idle',
      value: String(context.pageSize),
      options: context.pageSizes.map((n) => String(n)),
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'LIST.PAGE_SIZE', pageSize: Number(e.currentTarget.value) }),
    }),
    getRetryProps: () => ({ 'data-part': 'retry', 'data-state': state, disabled: busy, onClick: () => send({ type: 'LIST.REFRESH' }) }),
    getRefreshProps: () => ({ 'data-part': 'refresh', 'data-state': busy ? 'busy' : 'idle', disabled: busy, onClick: () => send({ type: 'LIST.REFRESH' }) }),
  };
}

export type PagedListApi<Row = unknown> = ReturnType<typeof connectPagedList<Row>>;
