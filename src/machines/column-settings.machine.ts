import { assign, fromPromise, setup } from 'xstate';
import { RESIZE_THROTTLE_MS } from '../shared/constants';
import type { ColumnSetting } from '../shared/contract/query-settings';
import {
  defaultColumns,
  mergeColumns,
  moveColumn,
  moveTarget,
  resetColumns,
  toSettings,
  updateColumn,
  type ColumnBase,
  type ColumnState,
  type Fixed,
  type SavedColumn,
} from './column-settings';
import { messageOf } from './message-of';

/**
 * A table's column settings for one user and page (widgets §2 "Paged query table", §3, §5, §8;
 * issue 10 point 6): order, fixing (none, left, right), visibility and width are the user's;
 * whether a column exists at all is the administrators' (userType 1), for everyone.
 *
 * - `loading`: the saved settings are asked for (`loadColumns({code})`); meanwhile the table
 *   shows the defaults.
 * - `ready`: the saved settings are applied (merged with the defaults, `mergeColumns`: a saved
 *   order that no longer fits the page gives way to the default order).
 * - `fallback`: the load failed; the defaults are used and nothing is said (widgets §8).
 * - `editing`: the settings popover is open; the table shows the draft as it is edited.
 *   Save sends it (`saving`); cancel drops it. A refusal (`saveColumns` fails: a non-zero code)
 *   comes back to `editing` with the server's msg and the user's edits kept.
 * - `resizing`: a header edge was dragged; the widths apply at once and one save goes out
 *   RESIZE_THROTTLE_MS after the first change (`savingWidths`), with every width changed by
 *   then. Widths dragged while that save is out make another round.
 *
 * Effects are the actors `loadColumns({code}) → {customOrder}` and `saveColumns({code,
 * tableColumns})`, provided by the view (contract.querySettings.columns / saveColumns).
 */
export interface ColumnSettingsContext {
  code: string;
  admin: boolean;
  /** The page's columns with their default settings. */
  defaults: ColumnState[];
  /** What the table shows outside editing: the saved settings applied, or the defaults. */
  columns: ColumnState[];
  /** The popover's copy while editing and saving. */
  draft: ColumnState[];
  /** The server's msg of the last refused save; cleared by the next change. */
  error: string | null;
  /** The saved settings were read (false: the load failed and the defaults are shown). */
  loaded: boolean;
  /** Widths changed while a width save was out: another save follows. */
  unsaved: boolean;
}

export interface ColumnSettingsInput {
  code: string;
  columns: readonly ColumnBase[];
  /** userType 1: may decide whether a column exists. */
  admin: boolean;
}

/** What `querySettings.columns` answers: the user's saved columns, and the page's existence flags by field. */
export interface LoadedColumns {
  customOrder: SavedColumn[] | null;
  exist?: Record<string, boolean>;
}

export interface SaveColumnsInput {
  code: string;
  tableColumns: ColumnSetting[];
}

export type ColumnSettingsEvent =
  | { type: 'COLUMNS.OPEN' }
  | { type: 'COLUMNS.CANCEL' }
  | { type: 'COLUMNS.SAVE' }
  | { type: 'COLUMNS.RESET' }
  | { type: 'COLUMNS.MOVE'; field: string; by: -1 | 1 }
  | { type: 'COLUMNS.FIX'; field: string; fixed: Fixed }
  | { type: 'COLUMNS.SHOW'; field: string; visible: boolean }
  | { type: 'COLUMNS.WIDTH'; field: string; width: number }
  | { type: 'COLUMNS.EXIST'; field: string; exist: boolean }
  | { type: 'COLUMNS.RESIZE'; field: string; width: number };

/** A staff member's lists leave out the columns that do not exist; an administrator's show them all. */
const listedFor = (admin: boolean) => (c: ColumnState) => admin || c.exist;

export const columnSettingsMachine = setup({
  types: { context: {} as ColumnSettingsContext, events: {} as ColumnSettingsEvent, input: {} as ColumnSettingsInput },
  actors: {
    loadColumns: fromPromise<LoadedColumns, { code: string }>(async () => {
      throw new Error('loadColumns not provided');
    }),
    saveColumns: fromPromise<unknown, SaveColumnsInput>(async () => {
      throw new Error('saveColumns not provided');
    }),
  },
  guards: {
    /** The load failed: the defaults are what is shown (back there after a cancel or a refused width save). */
    isFallback: ({ context }) => !context.loaded,
    isAdmin: ({ context }) => context.admin,
    /** The column has a neighbour in that direction in the user's list. */
    canMove: ({ context, event }) => event.type === 'COLUMNS.MOVE' && moveTarget(context.draft, event.field, event.by, listedFor(context.admin)) !== -1,
    hasUnsavedWidths: ({ context }) => context.unsaved,
  },
  actions: {
    applyLoaded: assign(({ context, event }) => {
      const { customOrder, exist } = (event as unknown as { output: LoadedColumns | null }).output ?? { customOrder: null };
      const flags = exist && typeof exist === 'object' ? exist : {};
      return { columns: mergeColumns(context.defaults, Array.isArray(customOrder) ? customOrder : null, flags), loaded: true };
    }),
    openDraft: assign(({ context }) => ({ draft: context.columns.map((c) => ({ ...c })), error: null })),
    dropDraft: assign({ draft: [], error: null }),
    moveInDraft: assign(({ context, event }) => ({ draft: event.type === 'COLUMNS.MOVE' ? moveColumn(context.draft, event.field, event.by, listedFor(context.admin)) : context.draft, error: null })),
    fixInDraft: assign(({ context, event }) => ({ draft: event.type === 'COLUMNS.FIX' ? updateColumn(context.draft, event.field, { fixed: event.fixed }) : context.draft, error: null })),
    showInDraft: assign(({ context, event }) => ({ draft: event.type === 'COLUMNS.SHOW' ? updateColumn(context.draft, event.field, { visible: event.visible }) : context.draft, error: null })),
    widthInDraft: assign(({ context, event }) => ({
      draft: event.type === 'COLUMNS.WIDTH' || event.type === 'COLUMNS.RESIZE' ? updateColumn(context.draft, event.field, { width: event.width }) : context.draft,
      error: null,
    })),
    existInDraft: assign(({ context, event }) => ({ draft: event.type === 'COLUMNS.EXIST' ? updateColumn(context.draft, event.field, { exist: event.exist }) : context.draft, error: null })),
    resetDraft: assign(({ context }) => ({ draft: resetColumns(context.defaults, context.draft), error: null })),
    /** The draft was saved: it is what the table shows from now on. */
    applyDraft: assign(({ context }) => ({ columns: context.draft, draft: [], error: null, loaded: true })),
    resizeColumn: assign(({ context, event }) => ({ columns: event.type === 'COLUMNS.RESIZE' ? updateColumn(context.columns, event.field, { width: event.width }) : context.columns, error: null })),
    markUnsaved: assign({ unsaved: true }),
    clearUnsaved: assign({ unsaved: false }),
    markSaved: assign({ loaded: true, unsaved: false }),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
  },
  delays: { resizeThrottle: RESIZE_THROTTLE_MS },
}).createMachine({
  id: 'columnSettings',
  context: ({ input }) => {
    const defaults = defaultColumns(input.columns);
    return { code: input.code, admin: input.admin, defaults, columns: defaults.map((c) => ({ ...c })), draft: [], error: null, loaded: false, unsaved: false };
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadColumns',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'ready', actions: 'applyLoaded' },
        // Widgets §8: a failed load falls back to the defaults without a word.
        onError: { target: 'fallback' },
      },
    },
    ready: {
      on: {
        'COLUMNS.OPEN': { target: 'editing', actions: 'openDraft' },
        'COLUMNS.RESIZE': { target: 'resizing', actions: 'resizeColumn' },
      },
    },
    fallback: {
      on: {
        'COLUMNS.OPEN': { target: 'editing', actions: 'openDraft' },
        'COLUMNS.RESIZE': { target: 'resizing', actions: 'resizeColumn' },
      },
    },
    // Widths apply as they are dragged; the save waits for the throttle window to end.
    resizing: {
      on: { 'COLUMNS.RESIZE': { actions: 'resizeColumn' } },
      after: { resizeThrottle: { target: 'savingWidths', actions: 'clearUnsaved' } },
    },
    savingWidths: {
      tags: ['busy'],
      on: { 'COLUMNS.RESIZE': { actions: ['resizeColumn', 'markUnsaved'] } },
      invoke: {
        src: 'saveColumns',
        input: ({ context }) => ({ code: context.code, tableColumns: toSettings(context.columns) }),
        onDone: [
          { guard: 'hasUnsavedWidths', target: 'resizing', actions: 'clearUnsaved' },
          { target: 'ready', actions: 'markSaved' },
        ],
        // The widths stay as dragged; the msg says why they were not kept on the server.
        onError: [
          { guard: 'isFallback', target: 'fallback', actions: ['keepError', 'clearUnsaved'] },
          { target: 'ready', actions: ['keepError', 'clearUnsaved'] },
        ],
      },
    },
    editing: {
      on: {
        'COLUMNS.MOVE': { guard: 'canMove', actions: 'moveInDraft' },
        'COLUMNS.FIX': { actions: 'fixInDraft' },
        'COLUMNS.SHOW': { actions: 'showInDraft' },
        'COLUMNS.WIDTH': { actions: 'widthInDraft' },
        'COLUMNS.RESIZE': { actions: 'widthInDraft' },
        'COLUMNS.EXIST': { guard: 'isAdmin', actions: 'existInDraft' },
        'COLUMNS.RESET': { actions: 'resetDraft' },
        'COLUMNS.SAVE': { target: 'saving' },
        'COLUMNS.CANCEL': [
          { guard: 'isFallback', target: 'fallback', actions: 'dropDraft' },
          { target: 'ready', actions: 'dropDraft' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveColumns',
        input: ({ context }) => ({ code: context.code, tableColumns: toSettings(context.draft) }),
        onDone: { target: 'ready', actions: 'applyDraft' },
        // Widgets §8: the server's msg shows; the edits stay in the popover.
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
  },
});
