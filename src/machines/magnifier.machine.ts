import { and, assign, fromPromise, setup } from 'xstate';
import { LOOKUP_DEFAULT_PAGE_SIZE, LOOKUP_PAGE_SIZES } from '../shared/constants';
import { messageOf } from './message-of';

/**
 * The magnifier (widgets §4 "Magnifier (lookup)", §2 "Lookups", issue 12 point 1): a field
 * whose value is picked from a lookup dialog with a search form and a paged result table.
 *
 * - Opening resets to page 1 and LOOKUP_DEFAULT_PAGE_SIZE rows, with the search form blank (or
 *   holding what was typed in the field).
 * - Single mode: a row is picked by double-click (`ROW.PICK`) or highlighted and confirmed; the
 *   linked form fields are filled (`fills`: form field → row field) and the dialog closes.
 * - Multi mode: the list to select on the left, the selected list on the right (`selected`);
 *   double-click or add puts a row on the right, remove takes it off, confirm fills the linked
 *   fields with the selected rows' values joined by LOOKUP_MULTI_SEPARATOR. The selected rows
 *   may carry values of their own (the budget lookup's amounts), checked by `validate` first.
 * - `CLEAR` empties the linked fields; `RESET` writes back the values they had at the start.
 * - Auto-select: with `autoSelect`, the answer to the open's own query (page 1) holding exactly
 *   one row picks it; a search, page or size asked inside the dialog never does (the user is
 *   looking at the list, and a lone result there is theirs to pick).
 * - Widgets §8: a failed search (a new query) shows the error with an empty list; a failed page
 *   change shows the error and keeps the rows and page shown. The selected list and the linked
 *   fields are never touched by a failure.
 *
 * Effects are injected: `fetchPage({start, limit, params})` (the lookup's paged call) and the
 * action `writeFields` (the form's setter), given `{ values, rows }`.
 */
export type LookupRow = Record<string, unknown>;
export type MagnifierMode = 'single' | 'multi';

/** How several picked values share one form field (ours: the spec does not say). */
export const LOOKUP_MULTI_SEPARATOR = ',';

export interface MagnifierInput {
  mode: MagnifierMode;
  /** Form field → the row field its value comes from. */
  fills: Record<string, string>;
  /** The row field that tells rows apart (the lookup's value field). */
  valueField: string;
  /** The linked fields' values when the form was opened: what `RESET` writes back. */
  initial?: Record<string, string>;
  /** The search form's fields, blank. */
  search?: Record<string, string>;
  autoSelect?: boolean;
  /** Multi mode: problems of the selected rows by row key (an amount missing…); confirm waits for none. */
  validate?: (selected: LookupRow[]) => Record<string, string>;
}

export interface MagnifierContext {
  mode: MagnifierMode;
  fills: Record<string, string>;
  valueField: string;
  initial: Record<string, string>;
  blank: Record<string, string>;
  autoSelect: boolean;
  validate: (selected: LookupRow[]) => Record<string, string>;
  /** The search form as typed. */
  search: Record<string, string>;
  /** The search the rows answer (sent with every page). */
  params: Record<string, string>;
  /** The page and size asked for. */
  page: number;
  pageSize: number;
  /** The page and size the rows shown belong to (a failed page change goes back to them). */
  shownPage: number;
  shownPageSize: number;
  rows: LookupRow[];
  total: number;
  /** The load out is a new query (open, search), not a page change: a failure empties the list. */
  newQuery: boolean;
  /** The load out is the open's own query (or its retry): only its answer may auto-select. */
  opening: boolean;
  /** Single mode: the row chosen for confirm. */
  highlighted: LookupRow | null;
  /** Multi mode: the selected list. */
  selected: LookupRow[];
  problems: Record<string, string>;
  error: string | null;
}

export interface LookupPageQuery {
  start: number;
  limit: number;
  params: Record<string, string>;
}
export interface LookupPage {
  rows: LookupRow[];
  total: number;
}

export type MagnifierEvent =
  | { type: 'OPEN'; values?: Record<string, string>; search?: Record<string, string> }
  | { type: 'CLOSE' }
  | { type: 'SEARCH.CHANGE'; field: string; value: string }
  | { type: 'SEARCH.SUBMIT' }
  | { type: 'SEARCH.RESET' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; pageSize: number }
  | { type: 'RETRY' }
  | { type: 'ROW.HIGHLIGHT'; key: string }
  | { type: 'ROW.PICK'; key: string }
  | { type: 'SELECTED.ADD'; key: string }
  | { type: 'SELECTED.REMOVE'; key: string }
  | { type: 'SELECTED.CHANGE'; key: string; field: string; value: string }
  | { type: 'CONFIRM' }
  | { type: 'CLEAR' }
  | { type: 'RESET' };

export interface WriteFields {
  values: Record<string, string>;
  /** The rows picked (empty for clear and reset). */
  rows: LookupRow[];
}

export const keyOf = (row: LookupRow, valueField: string) => String(row[valueField] ?? '');
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The linked fields' values for the rows picked: one row's values, or several joined. */
export function fillValues(fills: Record<string, string>, rows: LookupRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [formField, rowField] of Object.entries(fills)) out[formField] = rows.map((r) => text(r[rowField])).join(LOOKUP_MULTI_SEPARATOR);
  return out;
}

/** Multi mode: the rows the linked fields name now (their joined values split again), so an open shows what is chosen. */
export function selectionFromValues(fills: Record<string, string>, valueField: string, values: Record<string, string>): LookupRow[] {
  const entries = Object.entries(fills);
  const keyEntry = entries.find(([, rowField]) => rowField === valueField);
  if (!keyEntry) return [];
  const keys = (values[keyEntry[0]] ?? '').split(LOOKUP_MULTI_SEPARATOR).filter((k) => k !== '');
  return keys.map((key, i) => Object.fromEntries(entries.map(([formField, rowField]) => [rowField, rowField === valueField ? key : ((values[formField] ?? '').split(LOOKUP_MULTI_SEPARATOR)[i] ?? '')])));
}

const findRow = (context: MagnifierContext, key: string) => context.rows.find((r) => keyOf(r, context.valueField) === key) ?? null;
const isSelected = (context: MagnifierContext, key: string) => context.selected.some((r) => keyOf(r, context.valueField) === key);
const emptyValues = (fills: Record<string, string>) => Object.fromEntries(Object.keys(fills).map((f) => [f, '']));
type Args = { context: MagnifierContext; event: MagnifierEvent };
const keyOfEvent = (event: MagnifierEvent) => ('key' in event ? event.key : '');

/** What each kind of write gives the form. */
const pickedRow = ({ context, event }: Args): WriteFields => {
  const row = findRow(context, keyOfEvent(event)) ?? context.highlighted;
  return { values: fillValues(context.fills, row ? [row] : []), rows: row ? [row] : [] };
};
const highlightedRow = ({ context }: Args): WriteFields => ({ values: fillValues(context.fills, context.highlighted ? [context.highlighted] : []), rows: context.highlighted ? [context.highlighted] : [] });
const onlyRow = ({ context, event }: { context: MagnifierContext; event: unknown }): WriteFields => {
  const rows = (event as { output: LookupPage }).output.rows.slice(0, 1);
  return { values: fillValues(context.fills, rows), rows };
};
const selectedRows = ({ context }: Args): WriteFields => ({ values: fillValues(context.fills, context.selected), rows: context.selected });
const clearedFields = ({ context }: Args): WriteFields => ({ values: emptyValues(context.fills), rows: [] });
const initialFields = ({ context }: Args): WriteFields => ({ values: { ...emptyValues(context.fills), ...context.initial }, rows: [] });

export const magnifierMachine = setup({
  types: { context: {} as MagnifierContext, events: {} as MagnifierEvent, input: {} as MagnifierInput },
  actors: {
    fetchPage: fromPromise<LookupPage, LookupPageQuery>(async () => {
      throw new Error('fetchPage not provided');
    }),
  },
  guards: {
    isMulti: ({ context }) => context.mode === 'multi',
    /** Auto-select: page 1's answer holds one row and the field asks for it (single mode). */
    isOnlyResult: ({ context, event }) => {
      const output = (event as unknown as { output: LookupPage }).output;
      return context.autoSelect && context.opening && context.mode === 'single' && context.page === 1 && output.total === 1 && output.rows.length === 1;
    },
    hasRows: ({ event }) => (event as unknown as { output: LookupPage }).output.rows.length > 0,
    /** The answer's page is past the end (rows went meanwhile): step back to the last page. */
    isPastEnd: ({ context, event }) => {
      const output = (event as unknown as { output: LookupPage }).output;
      return output.rows.length === 0 && output.total > 0 && context.page > 1;
    },
    isOtherPage: ({ context, event }) => event.type === 'PAGE' && event.page !== context.page && event.page >= 1,
    isOtherPageSize: ({ context, event }) => event.type === 'PAGE_SIZE' && event.pageSize !== context.pageSize && (LOOKUP_PAGE_SIZES as readonly number[]).includes(event.pageSize),
    rowExists: ({ context, event }) => findRow(context, keyOfEvent(event)) !== null,
    canAdd: ({ context, event }) => context.mode === 'multi' && findRow(context, keyOfEvent(event)) !== null && !isSelected(context, keyOfEvent(event)),
    isSelectedKey: ({ context, event }) => isSelected(context, keyOfEvent(event)),
    hasHighlighted: ({ context }) => context.highlighted !== null,
    isSelectionValid: ({ context }) => Object.keys(context.validate(context.selected)).length === 0,
  },
  actions: {
    /** The form's setter, provided by the view. */
    writeFields: (_: unknown, _params: WriteFields) => {},
    openFresh: assign(({ context, event }) => {
      const open = event.type === 'OPEN' ? event : { values: undefined, search: undefined };
      const search = { ...context.blank, ...(open.search ?? {}) };
      return {
        search,
        params: search,
        page: 1,
        pageSize: LOOKUP_DEFAULT_PAGE_SIZE,
        shownPage: 1,
        shownPageSize: LOOKUP_DEFAULT_PAGE_SIZE,
        rows: [],
        total: 0,
        newQuery: true,
        opening: true,
        highlighted: null,
        selected: context.mode === 'multi' ? selectionFromValues(context.fills, context.valueField, open.values ?? {}) : [],
        problems: {},
        error: null,
      };
    }),
    setSearch: assign(({ context, event }) => (event.type === 'SEARCH.CHANGE' ? { search: { ...context.search, [event.field]: event.value } } : {})),
    submitSearch: assign(({ context }) => ({ params: { ...context.search }, page: 1, newQuery: true, opening: false, error: null })),
    resetSearch: assign(({ context }) => ({ search: { ...context.blank }, params: { ...context.blank }, page: 1, newQuery: true, opening: false, error: null })),
    setPage: assign(({ event }) => (event.type === 'PAGE' ? { page: event.page, newQuery: false, opening: false, error: null } : {})),
    setPageSize: assign(({ event }) => (event.type === 'PAGE_SIZE' ? { pageSize: event.pageSize, page: 1, newQuery: false, opening: false, error: null } : {})),
    clearError: assign({ error: () => null }),
    keepPage: assign(({ context, event }) => {
      const output = (event as unknown as { output: LookupPage }).output;
      return { rows: output.rows, total: output.total, shownPage: context.page, shownPageSize: context.pageSize, error: null };
    }),
    toLastPage: assign(({ context, event }) => {
      const output = (event as unknown as { output: LookupPage }).output;
      return { page: Math.max(1, Math.ceil(output.total / context.pageSize)), newQuery: false };
    }),
    /** Widgets §8: a new query's failure empties the list; a page change's keeps the rows and page shown. */
    keepFailure: assign(({ context, event }) => {
      const error = messageOf((event as unknown as { error: unknown }).error);
      return context.newQuery ? { error, rows: [], total: 0, page: 1, shownPage: 1 } : { error, page: context.shownPage, pageSize: context.shownPageSize };
    }),
    highlight: assign(({ context, event }) => ({ highlighted: findRow(context, keyOfEvent(event)) })),
    addSelected: assign(({ context, event }) => {
      const row = findRow(context, keyOfEvent(event));
      return row && !isSelected(context, keyOfEvent(event)) ? { selected: [...context.selected, { ...row }], problems: {} } : {};
    }),
    removeSelected: assign(({ context, event }) => {
      const { [keyOfEvent(event)]: _gone, ...problems } = context.problems;
      return { selected: context.selected.filter((r) => keyOf(r, context.valueField) !== keyOfEvent(event)), problems };
    }),
    changeSelected: assign(({ context, event }) => {
      if (event.type !== 'SELECTED.CHANGE') return {};
      const { [event.key]: _fixed, ...problems } = context.problems;
      return { selected: context.selected.map((r) => (keyOf(r, context.valueField) === event.key ? { ...r, [event.field]: event.value } : r)), problems };
    }),
    showProblems: assign(({ context }) => ({ problems: context.validate(context.selected) })),
  },
}).createMachine({
  id: 'magnifier',
  context: ({ input }) => ({
    mode: input.mode,
    fills: input.fills,
    valueField: input.valueField,
    initial: input.initial ?? {},
    blank: input.search ?? {},
    autoSelect: input.autoSelect ?? false,
    validate: input.validate ?? (() => ({})),
    search: input.search ?? {},
    params: input.search ?? {},
    page: 1,
    pageSize: LOOKUP_DEFAULT_PAGE_SIZE,
    shownPage: 1,
    shownPageSize: LOOKUP_DEFAULT_PAGE_SIZE,
    rows: [],
    total: 0,
    newQuery: true,
    opening: false,
    highlighted: null,
    selected: [],
    problems: {},
    error: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: { target: 'open', actions: 'openFresh' },
        CLEAR: { actions: { type: 'writeFields', params: clearedFields } },
        RESET: { actions: { type: 'writeFields', params: initialFields } },
      },
    },
    open: {
      tags: ['open'],
      initial: 'loading',
      on: {
        CLOSE: 'closed',
        'SEARCH.CHANGE': { actions: 'setSearch' },
        'SEARCH.SUBMIT': { target: '.loading', actions: 'submitSearch' },
        'SEARCH.RESET': { target: '.loading', actions: 'resetSearch' },
        PAGE: { guard: 'isOtherPage', target: '.loading', actions: 'setPage' },
        PAGE_SIZE: { guard: 'isOtherPageSize', target: '.loading', actions: 'setPageSize' },
        'SELECTED.REMOVE': { guard: 'isSelectedKey', actions: 'removeSelected' },
        'SELECTED.CHANGE': { guard: 'isSelectedKey', actions: 'changeSelected' },
        // Multi mode checks the selected rows (amounts…) first; a problem stays on its row.
        CONFIRM: [
          { guard: and(['isMulti', 'isSelectionValid']), target: 'closed', actions: { type: 'writeFields', params: selectedRows } },
          { guard: 'isMulti', actions: 'showProblems' },
          { guard: 'hasHighlighted', target: 'closed', actions: { type: 'writeFields', params: highlightedRow } },
        ],
        CLEAR: { target: 'closed', actions: { type: 'writeFields', params: clearedFields } },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'fetchPage',
            input: ({ context }) => ({ start: context.page, limit: context.pageSize, params: context.params }),
            onDone: [
              { guard: 'isOnlyResult', target: '#magnifier.closed', actions: { type: 'writeFields', params: onlyRow } },
              { guard: 'isPastEnd', target: 'loading', reenter: true, actions: 'toLastPage' },
              { guard: 'hasRows', target: 'ready', actions: 'keepPage' },
              { target: 'empty', actions: 'keepPage' },
            ],
            onError: { target: 'failed', actions: 'keepFailure' },
          },
        },
        ready: {
          on: {
            'ROW.HIGHLIGHT': { guard: 'rowExists', actions: 'highlight' },
            'ROW.PICK': [
              { guard: 'isMulti', actions: 'addSelected' },
              { guard: 'rowExists', target: '#magnifier.closed', actions: { type: 'writeFields', params: pickedRow } },
            ],
            'SELECTED.ADD': { guard: 'canAdd', actions: 'addSelected' },
          },
        },
        empty: {},
        failed: {
          tags: ['failed'],
          on: { RETRY: { target: 'loading', actions: 'clearError' } },
        },
      },
    },
  },
});
