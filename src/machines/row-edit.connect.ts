import type { SnapshotFrom } from 'xstate';
import { draftRow, rowKeyOf, type FieldValue, type Row, type RowEditEvent, type RowMode, type rowEditMachine } from './row-edit.machine';

type Snapshot = SnapshotFrom<typeof rowEditMachine>;

export type RowEditState = 'idle' | RowMode | 'saving';
/** A row's own state: the active row's mode, every other row `idle`. */
export type RowState = RowMode | 'idle';

/**
 * An editable table's anatomy (Zag.js style): one `row` per row with its state, one `cell` per
 * field (read-only unless its row is active), `add`, `save`, `cancel` and a row's `edit`
 * trigger. The view renders them; nothing else decides.
 */
export function connectRowEdit(snapshot: Snapshot, send: (event: RowEditEvent) => void) {
  const { context } = snapshot;
  const state = snapshot.value as RowEditState;
  const busy = snapshot.hasTag('busy');
  const active = context.activeKey !== null;
  const keyOf = (row: Row) => rowKeyOf(row, context.rowKey);
  const isActive = (row: Row) => active && keyOf(row) === context.activeKey;
  const rowState = (row: Row): RowState => (isActive(row) && context.mode ? context.mode : 'idle');
  /** What a row shows: the active row with its typed values, the others as stored. */
  const shown = (row: Row): Row => (isActive(row) ? draftRow(context) : row);
  return {
    state,
    busy,
    mode: context.mode,
    activeKey: context.activeKey,
    rows: context.rows.map(shown),
    errors: context.errors,
    failure: context.failure,
    refusal: context.refusal,
    keyOf,
    rowState,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': busy }),
    getRowProps: (row: Row) => ({ 'data-part': 'row', 'data-state': rowState(row), 'data-key': keyOf(row), 'aria-busy': isActive(row) && busy }),
    getCellProps: (row: Row, field: string) => {
      const mine = isActive(row);
      const value = shown(row)[field];
      const error = mine ? (context.errors[field] ?? null) : null;
      return {
        'data-part': 'cell',
        'data-state': error ? 'invalid' : 'valid',
        name: field,
        value: (typeof value === 'boolean' ? value : value == null ? '' : String(value)) as FieldValue,
        error,
        readOnly: !mine || busy,
        onChange: (next: FieldValue) => send({ type: 'FIELD.CHANGE', field, value: next }),
      };
    },
    getAddProps: () => ({ 'data-part': 'add', 'data-state': active ? 'busy' : 'idle', disabled: busy, onClick: () => send({ type: 'ROW.ADD' }) }),
    getEditProps: (row: Row) => ({ 'data-part': 'edit', 'data-state': rowState(row), disabled: busy || isActive(row), onClick: () => send({ type: 'ROW.EDIT', key: keyOf(row) }) }),
    getSaveProps: () => ({ 'data-part': 'save', 'data-state': busy ? 'busy' : 'idle', disabled: !active || busy, onClick: () => send({ type: 'ROW.SAVE' }) }),
    getCancelProps: () => ({ 'data-part': 'cancel', 'data-state': state, disabled: !active || busy, onClick: () => send({ type: 'ROW.CANCEL' }) }),
    /** The pager is locked while a row is active: another page would drop what is typed. */
    getPagerProps: () => ({ 'data-part': 'pager', 'data-state': active ? 'locked' : 'open', inert: active }),
    /** Export writes the rows as stored: not while one is being typed into. */
    getExportProps: () => ({ 'data-part': 'export', 'data-state': active ? 'locked' : 'idle', disabled: active }),
  };
}

export type RowEditApi = ReturnType<typeof connectRowEdit>;
