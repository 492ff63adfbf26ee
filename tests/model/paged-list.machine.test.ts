import { expect } from '@jest/globals';
import { pagedListMachine, type PageAnswer } from '../../src/machines/paged-list.machine';
import { connectPagedList } from '../../src/machines/paged-list.connect';
import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '../../src/shared/constants';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof pagedListMachine.getInitialSnapshot>;
const view = (s: unknown) => connectPagedList<{ id: number }>(s as Snapshot, () => undefined);

const full: PageAnswer = { rows: [{ id: 1 }, { id: 2 }], total: 25 };
const none: PageAnswer = { rows: [], total: 0 };
// Rows were deleted meanwhile: five left, so a page past the first no longer exists.
const shrunk: PageAnswer = { rows: [], total: 5 };
const params = { status: 'unread' };
const cancelOne = { op: 'cancel', id: 1 };

// Request ids grow with every request: the walk keeps whether the call out is stale, not the ids.
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.page, s.context.pageSize, s.context.rows.length, s.context.total, s.context.requestId !== s.context.inFlight, s.context.error, s.context.params, s.context.actionError]);

const query = (s: Snapshot) => ({ start: s.context.page, limit: s.context.pageSize, params: s.context.params });

describeModel(pagedListMachine, {
  serializeState: serializeState as never,
  input: {},
  events: {
    'LIST.LOAD': [{}, { params }],
    'LIST.PAGE': [{ page: 1 }, { page: 2 }, { page: 9 }],
    'LIST.PAGE_SIZE': [{ pageSize: 20 }, { pageSize: TABLE_DEFAULT_PAGE_SIZE }, { pageSize: 7 }],
    'LIST.ACT': [{ action: cancelOne }],
  },
  actors: {
    fetchPage: { outputs: [full, none, shrunk], errors: [new Error('网络错误')] },
    runAction: { outputs: [null], errors: [new Error('提醒已被取消')] },
  },
  onState: (snapshot, step, run) => {
    const api = view(snapshot);
    expect(api.getRootProps()['data-state']).toBe(api.state);
    expect(api.pageSizes).toEqual(TABLE_PAGE_SIZES);
    // No page past the last one, no page size the constants do not offer.
    expect(snapshot.context.page).toBeLessThanOrEqual(Math.max(1, api.pages));
    expect(TABLE_PAGE_SIZES).toContain(snapshot.context.pageSize);
    // A new page size starts again at page 1.
    if (step.event.type === 'LIST.PAGE_SIZE' && snapshot.context.pageSize === (step.event as unknown as { pageSize: number }).pageSize) expect(snapshot.context.page).toBe(1);
    // Whenever an answer brings the machine back to loading (a dropped answer, a page past the end,
    // a change to the rows done), the call now out is for the newest request.
    if (step.event.type.startsWith('xstate.') && snapshot.matches('loading')) {
      expect(run.inputs.fetchPage?.at(-1)).toEqual(query(snapshot));
      expect(snapshot.context.inFlight).toBe(snapshot.context.requestId);
    }
  },
  states: {
    idle: (snapshot, _step, run) => {
      expect(view(snapshot).rows).toEqual([]);
      expect(run.inputs.fetchPage).toBeUndefined();
    },
    acting: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.busy, api.state, api.getActionProps(cancelOne).disabled]).toEqual([true, 'acting', true]);
      // The change the view asked for is the one out; the rows stay on screen meanwhile.
      expect(run.inputs.runAction?.at(-1)).toEqual(cancelOne);
      expect(api.rows.length).toBeGreaterThan(0);
    },
    loading: (snapshot, step) => {
      const api = view(snapshot);
      expect(api.busy).toBe(true);
      expect(api.getPaginationProps()['data-state']).toBe('busy');
      expect(api.getRefreshProps().disabled).toBe(true);
      expect(api.getActionProps(cancelOne).disabled).toBe(true);
      // A new request forgets the last refusal of a change.
      expect(api.actionError).toBeNull();
      // Asked for something else while the call is out: only the wish is recorded.
      if (step.event.type.startsWith('LIST.') && snapshot.context.inFlight !== snapshot.context.requestId) expect(snapshot.context.requestId).toBeGreaterThan(snapshot.context.inFlight);
    },
    ready: (snapshot, step, run) => {
      const api = view(snapshot);
      // The rows shown are the answer to the last page asked for, never an older one.
      expect(run.inputs.fetchPage?.at(-1)).toEqual(query(snapshot));
      expect(api.rows).toEqual((step.event as unknown as { output?: PageAnswer }).output?.rows ?? api.rows);
      expect(api.rows.length).toBeGreaterThan(0);
      // Row numbers go on across pages: the first row shown is the page's first.
      expect(api.offset).toBe((snapshot.context.page - 1) * snapshot.context.pageSize);
      expect(api.getRowProps(api.rows[0]!)).toEqual({ 'data-part': 'row', 'data-index': 0, 'data-state': 'current' });
      expect(api.getPaginationProps()).toMatchObject({ 'data-part': 'pagination', count: snapshot.context.total, page: snapshot.context.page, pageSize: snapshot.context.pageSize });
      expect(api.error).toBeNull();
      // A refused change keeps the rows and says why; otherwise the rows can be changed.
      if (step.event.type.startsWith('xstate.error.actor')) expect(api.actionError).toBe('提醒已被取消');
      expect(api.getActionProps(cancelOne)).toMatchObject({ 'data-part': 'action', disabled: false });
    },
    empty: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.empty, api.rows, api.firstLoad]).toEqual([true, [], false]);
      expect(run.inputs.fetchPage?.at(-1)).toEqual(query(snapshot));
      expect(snapshot.context.page).toBe(1);
    },
    error: (snapshot) => {
      const api = view(snapshot);
      expect([api.failed, api.error]).toEqual([true, '网络错误']);
      expect(api.getRetryProps()).toMatchObject({ 'data-part': 'retry', 'data-state': 'error', disabled: false });
    },
  },
});
