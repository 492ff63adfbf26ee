import type { SnapshotFrom } from 'xstate';
import type { ColumnSettingsEvent, columnSettingsMachine } from './column-settings.machine';
import { moveTarget, type ColumnState, type Fixed } from './column-settings';

type Snapshot = SnapshotFrom<typeof columnSettingsMachine>;
type Send = (event: ColumnSettingsEvent) => void;

export type ColumnSettingsState = 'loading' | 'ready' | 'fallback' | 'editing' | 'saving' | 'resizing' | 'savingWidths';
export type SettingsTab = 'order' | 'fixed' | 'hidden' | 'width' | 'exist';

/** The table's layout in TanStack Table's terms (its `state` option), from the columns shown now. */
export interface TableLayout {
  columnOrder: string[];
  columnVisibility: Record<string, boolean>;
  columnPinning: { left: string[]; right: string[] };
  columnSizing: Record<string, number>;
}

export function tableLayout(columns: readonly ColumnState[]): TableLayout {
  return {
    columnOrder: columns.map((c) => c.field),
    columnVisibility: Object.fromEntries(columns.map((c) => [c.field, c.exist && c.visible])),
    columnPinning: { left: columns.filter((c) => c.fixed === 'left').map((c) => c.field), right: columns.filter((c) => c.fixed === 'right').map((c) => c.field) },
    columnSizing: Object.fromEntries(columns.map((c) => [c.field, c.width])),
  };
}

/**
 * The column settings' anatomy (Zag.js style): the toolbar's `settings-trigger`, the popover
 * (`getPopoverProps`, spread on Chakra's Popover.Root), its tabs (the `exist` tab for
 * administrators only), one control per column and tab (`move`, `fixed`, `visible`, `width`,
 * `exist`), `save`, `cancel`, `reset`; and the table's layout (`layout`, TanStack's state) with
 * `resize(field, width)` for a dragged header edge. Each prop set carries `data-part` and
 * `data-state`.
 */
export function connectColumnSettings(snapshot: Snapshot, send: Send) {
  const { context } = snapshot;
  const state = (typeof snapshot.value === 'string' ? snapshot.value : 'loading') as ColumnSettingsState;
  const open = state === 'editing' || state === 'saving';
  const saving = state === 'saving';
  const busy = snapshot.hasTag('busy');
  /** What the table shows: the draft while the popover is open. */
  const columns = open ? context.draft : context.columns;
  const listedIn = (c: ColumnState) => context.admin || c.exist;
  const listed = columns.filter(listedIn);
  const tabs: SettingsTab[] = context.admin ? ['order', 'fixed', 'hidden', 'width', 'exist'] : ['order', 'fixed', 'hidden', 'width'];
  const column = (field: string) => columns.find((c) => c.field === field);
  const control = (part: string, field: string) => ({ 'data-part': part, 'data-state': saving ? 'busy' : 'idle', 'data-field': field, disabled: saving });
  return {
    state,
    busy,
    open,
    saving,
    admin: context.admin,
    /** The server's msg of a refused save. */
    error: context.error,
    /** Every column in order, as the table shows it now (the draft while editing); the `exist` tab lists them all. */
    columns,
    /** The columns the settings lists name: a staff member's leave out those that do not exist. */
    listed,
    tabs,
    layout: tableLayout(columns),
    /** A header edge was dragged to `width`. */
    resize: (field: string, width: number) => send({ type: 'COLUMNS.RESIZE', field, width }),
    getTriggerProps: () => ({
      'data-part': 'settings-trigger',
      'data-state': open ? 'open' : 'closed',
      'aria-expanded': open,
      // Opens from ready or fallback only: not while loading or while dragged widths are saved.
      disabled: !open && state !== 'ready' && state !== 'fallback',
    }),
    getPopoverProps: () => ({
      open,
      onOpenChange: (details: { open: boolean }) => send(details.open ? { type: 'COLUMNS.OPEN' } : { type: 'COLUMNS.CANCEL' }),
    }),
    getMoveProps: (field: string, by: -1 | 1) => ({
      ...control('move', field),
      'data-direction': by < 0 ? 'up' : 'down',
      disabled: saving || moveTarget(columns, field, by, listedIn) === -1,
      onClick: () => send({ type: 'COLUMNS.MOVE', field, by }),
    }),
    getFixedProps: (field: string) => ({
      ...control('fixed', field),
      value: column(field)?.fixed ?? 'none',
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'COLUMNS.FIX', field, fixed: e.currentTarget.value as Fixed }),
    }),
    getVisibleProps: (field: string) => ({
      ...control('visible', field),
      checked: column(field)?.visible ?? false,
      onCheckedChange: (details: { checked: boolean | 'indeterminate' }) => send({ type: 'COLUMNS.SHOW', field, visible: details.checked === true }),
    }),
    getWidthProps: (field: string) => ({
      ...control('width', field),
      width: column(field)?.width ?? 0,
      onCommit: (width: number) => send({ type: 'COLUMNS.WIDTH', field, width }),
    }),
    getExistProps: (field: string) => ({
      ...control('exist', field),
      disabled: saving || !context.admin,
      checked: column(field)?.exist ?? false,
      onCheckedChange: (details: { checked: boolean | 'indeterminate' }) => send({ type: 'COLUMNS.EXIST', field, exist: details.checked === true }),
    }),
    getSaveProps: () => ({ 'data-part': 'save', 'data-state': saving ? 'busy' : 'idle', disabled: saving, loading: saving, onClick: () => send({ type: 'COLUMNS.SAVE' }) }),
    getCancelProps: () => ({ 'data-part': 'cancel', 'data-state': saving ? 'busy' : 'idle', disabled: saving, onClick: () => send({ type: 'COLUMNS.CANCEL' }) }),
    getResetProps: () => ({ 'data-part': 'reset', 'data-state': saving ? 'busy' : 'idle', disabled: saving, onClick: () => send({ type: 'COLUMNS.RESET' }) }),
  };
}

export type ColumnSettingsApi = ReturnType<typeof connectColumnSettings>;
