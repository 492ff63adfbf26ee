import { expect } from '@jest/globals';
import { scrollLookupMachine, type ScrollAnswer, type ScrollItem, type ScrollQuery } from '../../src/machines/scroll-lookup.machine';
import { connectScrollLookup } from '../../src/machines/scroll-lookup.connect';
import { REMOTE_FILTER_DELAY_MS, SELECT_SCROLL_HEIGHT, SELECT_SCROLL_PAGE_SIZE } from '../../src/shared/constants';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof scrollLookupMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectScrollLookup(s, () => undefined);

const item = (n: number): ScrollItem => ({ value: `C${n}`, label: `城市${n}` });
const page = (n: number) => Array.from({ length: SELECT_SCROLL_PAGE_SIZE }, (_, i) => item(n * 100 + i));
/** A full page of a 40-row list: pages 1 and 2 leave more, page 3 (45 ≥ 40) ends it. */
const full: ScrollAnswer = { rows: page(1), total: 40 };
const short: ScrollAnswer = { rows: [item(7)], total: 1 };
const none: ScrollAnswer = { rows: [], total: 0 };
const chosen: ScrollItem = { value: 'CN', label: '中国' };
const stored: ScrollItem = { value: 'HK', label: '中国香港' };
const province = { provinceCode: '110000' };

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.page, s.context.total, s.context.selected !== null, s.context.query !== '', s.context.inputValue === (s.context.selected?.label ?? ''), s.context.error !== null]);

const lastQuery = (run: { inputs: Record<string, unknown[] | undefined> }) => run.inputs.fetchPage?.at(-1) as ScrollQuery | undefined;

/**
 * Widgets §4 "Scroll lookup" and §8: typing waits REMOTE_FILTER_DELAY_MS then asks for page 1
 * of the new query; the end of the list asks for the next page until pages × size reach the
 * total; a failed new query empties the list, a failed next page keeps it; choosing, setting
 * from outside, clearing, closing and a new province (reset) walked from every state.
 */
describeModel(scrollLookupMachine, {
  input: {},
  serializeState: serializeState as never,
  events: {
    'INPUT.CHANGE': [{ value: 'bei' }],
    'ITEM.SELECT': [{ item: chosen }],
    'VALUE.SET': [{ item: stored }, { item: null }],
    'LOOKUP.RESET': [{ params: province }],
  },
  actors: { fetchPage: { outputs: [full, short, none], errors: [new Error('网络错误')] } },
  onState: (snapshot, step, run) => {
    const api = view(snapshot);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': api.state, 'aria-busy': api.busy });
    expect(api.getListProps()).toMatchObject({ 'data-part': 'list', 'data-state': api.status, maxHeight: `${SELECT_SCROLL_HEIGHT}px` });
    // §4: never more pages than the total needs, and the page size is the dropdown's.
    expect(snapshot.context.pageSize).toBe(SELECT_SCROLL_PAGE_SIZE);
    expect(api.items.length).toBeLessThanOrEqual(snapshot.context.page * SELECT_SCROLL_PAGE_SIZE);
    // The input shows the chosen label unless the user is typing.
    if (['ITEM.SELECT', 'VALUE.SET', 'LOOKUP.CLOSE'].includes(step.event.type)) expect(api.inputValue).toBe(api.selected?.label ?? '');
    if (api.selected) expect(api.getItemProps(api.selected)['data-state']).toBe('selected');
    expect(api.getInputProps()['data-state']).toBe(api.selected ? 'selected' : 'empty');
    // A debounced query asks after exactly the delay, and from page 1.
    if (step.event.type.startsWith('xstate.after')) expect(run.clock.now() % REMOTE_FILTER_DELAY_MS).toBe(0);
    if (step.event.type === 'LOOKUP.RESET') expect(snapshot.context.params).toEqual(province);
  },
  states: {
    idle: (snapshot) => {
      const api = view(snapshot);
      expect([api.items, api.busy, api.hasMore, api.error]).toEqual([[], false, false, null]);
    },
    debouncing: (snapshot, step) => {
      const api = view(snapshot);
      expect([api.busy, api.status]).toEqual([true, 'loading']);
      if (step.event.type === 'INPUT.CHANGE') expect(api.inputValue).toBe('bei');
      // Nothing is asked while typing goes on: no call is out.
      expect(Object.keys(snapshot.children)).toEqual([]);
    },
    loading: (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.busy, api.items, api.status]).toEqual([true, [], 'loading']);
      // A new query always asks for page 1 with its filter and the source's params.
      expect(lastQuery(run)).toEqual({ start: 1, limit: SELECT_SCROLL_PAGE_SIZE, query: snapshot.context.query, params: snapshot.context.params });
      // Typing rested: the filter is what was typed; opening over the chosen label lists everything.
      if (step.event.type.startsWith('xstate.after')) expect(snapshot.context.query).toBe(api.inputValue.trim());
      if (step.event.type === 'LOOKUP.OPEN' && api.inputValue === (api.selected?.label ?? '')) expect(snapshot.context.query).toBe('');
    },
    more: (snapshot) => {
      const api = view(snapshot);
      expect([api.hasMore, api.status, api.error]).toEqual([true, 'more', null]);
      expect(snapshot.context.page * SELECT_SCROLL_PAGE_SIZE).toBeLessThan(api.total);
      expect(api.items.length).toBe(snapshot.context.page * SELECT_SCROLL_PAGE_SIZE);
    },
    loadingMore: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.busy, api.hasMore, api.status]).toEqual([true, true, 'loading']);
      // The next page of the same query; the rows already shown stay.
      expect(lastQuery(run)).toMatchObject({ start: snapshot.context.page + 1, query: snapshot.context.query });
      expect(api.items.length).toBeGreaterThan(0);
    },
    moreFailed: (snapshot) => {
      const api = view(snapshot);
      // §8: a failed scroll keeps what is shown and says why.
      expect([api.status, api.error, api.hasMore]).toEqual(['error', '网络错误', true]);
      expect(api.items.length).toBe(snapshot.context.page * SELECT_SCROLL_PAGE_SIZE);
      expect(api.getStatusProps()).toMatchObject({ 'data-part': 'status', role: 'alert' });
    },
    complete: (snapshot) => {
      const api = view(snapshot);
      expect([api.status, api.hasMore, api.busy]).toEqual(['end', false, false]);
      // §4: no more once pages × size reach the total (or a short page ends the list).
      expect(snapshot.context.page * SELECT_SCROLL_PAGE_SIZE >= api.total || api.items.length < snapshot.context.page * SELECT_SCROLL_PAGE_SIZE).toBe(true);
      expect(api.items.length).toBeGreaterThan(0);
    },
    empty: (snapshot) => {
      const api = view(snapshot);
      expect([api.status, api.items, api.total]).toEqual(['empty', [], 0]);
    },
    failed: (snapshot) => {
      const api = view(snapshot);
      // §8: a failed new query shows an empty list and the reason.
      expect([api.status, api.items, api.error]).toEqual(['error', [], '网络错误']);
      expect(api.getRetryProps()).toMatchObject({ 'data-part': 'retry', 'data-state': 'failed' });
    },
  },
});
