import { assign, fromPromise, setup } from 'xstate';
import { REMOTE_FILTER_DELAY_MS, SELECT_SCROLL_PAGE_SIZE } from '../shared/constants';
import { messageOf } from './message-of';

/**
 * A scroll dropdown's data (widgets §2 "Scroll dropdowns", §4 "Scroll lookup", §8): a remote
 * filter typed into the input starts a new query from page 1 once typing rests for
 * REMOTE_FILTER_DELAY_MS; reaching the end of the list asks for the next page, until
 * (pages fetched × page size) reaches the total. A failed new query empties the list and says
 * why; a failed next page keeps what is shown and says why (scrolling again retries).
 *
 * The open/closed state, the highlighted option and the keyboard are the combobox's (Chakra's
 * Combobox, itself a Zag machine); this machine owns what is listed, what is chosen and what
 * the input shows. Leaving a loading state drops its call: an answer to an older query never
 * reaches the list.
 *
 * The fetch is the injected actor `fetchPage({start, limit, query, params}) → {rows, total}`
 * (`start` is the 1-based page); a non-zero answer code is a rejection like a network failure.
 */
export interface ScrollItem {
  value: string;
  label: string;
  /** Shown beside the label (the account dropdown's currency). */
  extra?: string;
}

export interface ScrollQuery {
  start: number;
  limit: number;
  query: string;
  params: Record<string, string>;
}

export interface ScrollAnswer {
  rows: ScrollItem[];
  total: number;
}

export interface ScrollLookupContext {
  pageSize: number;
  /** Fixed filters of the source (the city list's province). */
  params: Record<string, string>;
  /** What the input shows. */
  inputValue: string;
  /** The filter of the list shown (or being fetched). */
  query: string;
  /** Pages fetched for `query`. */
  page: number;
  rows: ScrollItem[];
  total: number;
  selected: ScrollItem | null;
  error: string | null;
}

export interface ScrollLookupInput {
  pageSize?: number;
  params?: Record<string, string>;
  selected?: ScrollItem | null;
}

export type ScrollLookupEvent =
  | { type: 'LOOKUP.OPEN' }
  | { type: 'LOOKUP.CLOSE' }
  | { type: 'INPUT.CHANGE'; value: string }
  | { type: 'SCROLL.END' }
  | { type: 'LOOKUP.RETRY' }
  | { type: 'ITEM.SELECT'; item: ScrollItem }
  | { type: 'VALUE.SET'; item: ScrollItem | null }
  | { type: 'VALUE.CLEAR' }
  | { type: 'LOOKUP.RESET'; params: Record<string, string> };

const answerOf = (event: unknown) => (event as { output: ScrollAnswer }).output;

/** §4: no more results once (pages fetched × page size) is at least the total; a short page also ends the list (rows went away meanwhile). */
export function isLastPage(page: number, pageSize: number, answer: ScrollAnswer): boolean {
  return page * pageSize >= answer.total || answer.rows.length < pageSize;
}

export const scrollLookupMachine = setup({
  types: { context: {} as ScrollLookupContext, events: {} as ScrollLookupEvent, input: {} as ScrollLookupInput },
  actors: {
    fetchPage: fromPromise<ScrollAnswer, ScrollQuery>(async () => {
      throw new Error('fetchPage not provided');
    }),
  },
  delays: { filterDelay: REMOTE_FILTER_DELAY_MS },
  guards: {
    hasNoRows: ({ event }) => answerOf(event).rows.length === 0,
    isLastFirstPage: ({ context, event }) => isLastPage(1, context.pageSize, answerOf(event)),
    isLastNextPage: ({ context, event }) => isLastPage(context.page + 1, context.pageSize, answerOf(event)),
    /** Closed with a filter typed: the next opening lists from the start again. */
    hasQuery: ({ context }) => context.query !== '' || context.inputValue !== (context.selected?.label ?? ''),
  },
  actions: {
    setInput: assign({ inputValue: ({ event }) => (event.type === 'INPUT.CHANGE' ? event.value : '') }),
    /** A new query for what was typed: back to page 1 with nothing listed. */
    startQuery: assign(({ context }) => ({ query: context.inputValue.trim(), page: 0, rows: [], total: 0, error: null })),
    /** Opening lists everything when the input only shows the chosen label, else what was typed. */
    startListing: assign(({ context }) => ({ query: context.inputValue === (context.selected?.label ?? '') ? '' : context.inputValue.trim(), page: 0, rows: [], total: 0, error: null })),
    /** The same query again, from page 1. */
    restartQuery: assign({ page: 0, rows: [], total: 0, error: null }),
    applyFirstPage: assign(({ event }) => {
      const { rows, total } = answerOf(event);
      return { rows, total, page: 1, error: null };
    }),
    appendPage: assign(({ context, event }) => {
      const { rows, total } = answerOf(event);
      return { rows: [...context.rows, ...rows], total, page: context.page + 1, error: null };
    }),
    /** §8: a failed new query shows an empty list. */
    dropRows: assign({ rows: [], total: 0, page: 0 }),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
    select: assign(({ event, context }) => (event.type === 'ITEM.SELECT' ? { selected: event.item, inputValue: event.item.label } : { selected: context.selected })),
    setValue: assign(({ event, context }) => (event.type === 'VALUE.SET' ? { selected: event.item, inputValue: event.item?.label ?? '' } : { selected: context.selected })),
    /** Closing shows the chosen label again, whatever was typed. */
    revertInput: assign({ inputValue: ({ context }) => context.selected?.label ?? '' }),
    forgetList: assign({ query: '', page: 0, rows: [], total: 0, error: null }),
    clearValue: assign({ selected: null, inputValue: '', query: '', page: 0, rows: [], total: 0, error: null }),
    resetParams: assign(({ event, context }) => ({
      params: event.type === 'LOOKUP.RESET' ? event.params : context.params,
      selected: null,
      inputValue: '',
      query: '',
      page: 0,
      rows: [],
      total: 0,
      error: null,
    })),
  },
}).createMachine({
  id: 'scrollLookup',
  context: ({ input }) => ({
    pageSize: input.pageSize ?? SELECT_SCROLL_PAGE_SIZE,
    params: input.params ?? {},
    inputValue: input.selected?.label ?? '',
    query: '',
    page: 0,
    rows: [],
    total: 0,
    selected: input.selected ?? null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'ITEM.SELECT': { actions: 'select' },
    'VALUE.SET': { actions: 'setValue' },
    'VALUE.CLEAR': { target: '.idle', actions: 'clearValue' },
    'LOOKUP.RESET': { target: '.idle', actions: 'resetParams' },
    'LOOKUP.CLOSE': [{ guard: 'hasQuery', target: '.idle', actions: ['revertInput', 'forgetList'] }, { actions: 'revertInput' }],
    'INPUT.CHANGE': { target: '.debouncing', actions: 'setInput' },
  },
  states: {
    // Nothing listed yet: the first opening lists from page 1.
    idle: {
      on: { 'LOOKUP.OPEN': { target: 'loading', actions: 'startListing' } },
    },
    // Typing: each keystroke starts the wait again; the query goes out once typing rests.
    debouncing: {
      tags: ['busy'],
      on: { 'INPUT.CHANGE': { target: 'debouncing', reenter: true, actions: 'setInput' } },
      after: { filterDelay: { target: 'loading', actions: 'startQuery' } },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ start: 1, limit: context.pageSize, query: context.query, params: context.params }),
        onDone: [
          { guard: 'hasNoRows', target: 'empty', actions: 'applyFirstPage' },
          { guard: 'isLastFirstPage', target: 'complete', actions: 'applyFirstPage' },
          { target: 'more', actions: 'applyFirstPage' },
        ],
        onError: { target: 'failed', actions: ['dropRows', 'keepError'] },
      },
    },
    // More rows on the server: reaching the end of the list asks for the next page.
    more: {
      on: { 'SCROLL.END': 'loadingMore' },
    },
    loadingMore: {
      tags: ['busy'],
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ start: context.page + 1, limit: context.pageSize, query: context.query, params: context.params }),
        onDone: [
          { guard: 'isLastNextPage', target: 'complete', actions: 'appendPage' },
          { target: 'more', actions: 'appendPage' },
        ],
        onError: { target: 'moreFailed', actions: 'keepError' },
      },
    },
    // The next page failed: what was shown stays; scrolling to the end again (or retry) asks again.
    moreFailed: {
      on: {
        'SCROLL.END': { target: 'loadingMore', actions: 'clearError' },
        'LOOKUP.RETRY': { target: 'loadingMore', actions: 'clearError' },
      },
    },
    // Every row of the query is listed.
    complete: {},
    empty: {},
    // The new query failed: nothing listed, the reason shown; retry or type again.
    failed: {
      on: {
        'LOOKUP.RETRY': { target: 'loading', actions: 'restartQuery' },
        'LOOKUP.OPEN': { target: 'loading', actions: 'restartQuery' },
      },
    },
  },
});
