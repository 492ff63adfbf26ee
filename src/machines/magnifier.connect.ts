import type { SnapshotFrom } from 'xstate';
import { DIALOG_WIDTH, LOOKUP_PAGE_SIZES } from '../shared/constants';
import { keyOf, type LookupRow, type MagnifierEvent, type magnifierMachine } from './magnifier.machine';

type Snapshot = SnapshotFrom<typeof magnifierMachine>;
type Send = (event: MagnifierEvent) => void;

export type MagnifierState = 'closed' | 'loading' | 'ready' | 'empty' | 'failed';

/**
 * The magnifier's anatomy from its snapshot (Zag.js style): `trigger`, `clear`, `reset`,
 * `dialog`, `search-field`, `search`, `row`, `add`, `selected`, `remove`, `confirm`, `cancel`,
 * `pagination`, `page-size`, `retry`, each with `data-part` and `data-state`. `values` are the
 * linked form fields' values now (an open rebuilds the multi selection from them).
 */
export function connectMagnifier(snapshot: Snapshot, send: Send, { values = {} as Record<string, string> } = {}) {
  const { context } = snapshot;
  const state: MagnifierState = snapshot.matches('closed') ? 'closed' : (Object.values(snapshot.value as Record<string, string>)[0] as MagnifierState);
  const open = snapshot.hasTag('open');
  const busy = snapshot.hasTag('busy');
  const multi = context.mode === 'multi';
  const key = (row: LookupRow) => keyOf(row, context.valueField);
  const highlightedKey = context.highlighted ? key(context.highlighted) : null;
  const selectedKeys = new Set(context.selected.map(key));
  const pages = Math.max(1, Math.ceil(context.total / context.pageSize));
  const hasValue = Object.keys(context.fills).some((f) => (values[f] ?? '') !== '');
  const rowState = (row: LookupRow) => (multi ? (selectedKeys.has(key(row)) ? 'selected' : 'idle') : highlightedKey === key(row) ? 'highlighted' : 'idle');
  return {
    state,
    open,
    busy,
    multi,
    rows: context.rows,
    total: context.total,
    page: context.page,
    pageSize: context.pageSize,
    pages,
    selected: context.selected,
    problems: context.problems,
    error: context.error,
    failed: state === 'failed',
    empty: state === 'empty',
    /** The dialog's width (widgets §9): single 800 px, multi 1100 px. */
    width: multi ? DIALOG_WIDTH.multiLookup : DIALOG_WIDTH.singleLookup,
    rowKey: key,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'data-mode': context.mode }),
    /** The magnifier button: opens with the linked values (and what was typed in the field, when searched from it). */
    getTriggerProps: (search?: Record<string, string>) => ({ 'data-part': 'trigger', 'data-state': state, 'aria-expanded': open, onClick: () => send({ type: 'OPEN', values, ...(search ? { search } : {}) }) }),
    getClearProps: () => ({ 'data-part': 'clear', 'data-state': hasValue ? 'filled' : 'empty', disabled: !hasValue, onClick: () => send({ type: 'CLEAR' }) }),
    getResetProps: () => ({ 'data-part': 'reset', 'data-state': state, onClick: () => send({ type: 'RESET' }) }),
    getDialogProps: () => ({ 'data-part': 'dialog', 'data-state': state, open, onOpenChange: (d: { open: boolean }) => !d.open && send({ type: 'CLOSE' }) }),
    // The dialog is portalled, but React hands its events to the field's ancestors: a search
    // must not also submit (save) the form the field sits in.
    getSearchFormProps: () => ({
      'data-part': 'search',
      'data-state': busy ? 'busy' : 'idle',
      onSubmit: (e: { preventDefault: () => void; stopPropagation: () => void }) => {
        e.preventDefault();
        e.stopPropagation();
        send({ type: 'SEARCH.SUBMIT' });
      },
      onReset: (e: { preventDefault: () => void; stopPropagation: () => void }) => {
        e.preventDefault();
        e.stopPropagation();
        send({ type: 'SEARCH.RESET' });
      },
    }),
    getSearchFieldProps: (field: string) => ({ 'data-part': 'search-field', 'data-state': (context.search[field] ?? '') === '' ? 'empty' : 'filled', name: field, value: context.search[field] ?? '', onChange: (e: { currentTarget: { value: string } }) => send({ type: 'SEARCH.CHANGE', field, value: e.currentTarget.value }) }),
    /** A result row: click highlights (single), double-click or Enter picks (multi: adds to the selected list). */
    getRowProps: (row: LookupRow) => ({
      'data-part': 'row',
      'data-state': rowState(row),
      'data-key': key(row),
      'aria-selected': rowState(row) !== 'idle',
      tabIndex: 0,
      onClick: () => !multi && send({ type: 'ROW.HIGHLIGHT', key: key(row) }),
      onDoubleClick: () => send({ type: 'ROW.PICK', key: key(row) }),
      onKeyDown: (e: { key: string; preventDefault: () => void }) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          send({ type: 'ROW.PICK', key: key(row) });
        } else if (e.key === ' ' && !multi) {
          e.preventDefault();
          send({ type: 'ROW.HIGHLIGHT', key: key(row) });
        }
      },
    }),
    getAddProps: (row: LookupRow) => ({ 'data-part': 'add', 'data-state': selectedKeys.has(key(row)) ? 'selected' : 'idle', disabled: selectedKeys.has(key(row)) || busy, onClick: () => send({ type: 'SELECTED.ADD', key: key(row) }) }),
    getSelectedProps: (row: LookupRow) => ({ 'data-part': 'selected', 'data-state': context.problems[key(row)] ? 'invalid' : 'valid', 'data-key': key(row) }),
    getRemoveProps: (row: LookupRow) => ({ 'data-part': 'remove', 'data-state': 'idle', onClick: () => send({ type: 'SELECTED.REMOVE', key: key(row) }) }),
    getSelectedFieldProps: (row: LookupRow, field: string) => ({
      'data-part': 'selected-field',
      'data-state': context.problems[key(row)] ? 'invalid' : 'valid',
      value: row[field] === null || row[field] === undefined ? '' : String(row[field]),
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'SELECTED.CHANGE', key: key(row), field, value: e.currentTarget.value }),
    }),
    getConfirmProps: () => ({ 'data-part': 'confirm', 'data-state': state, disabled: !open || (!multi && highlightedKey === null), onClick: () => send({ type: 'CONFIRM' }) }),
    getCancelProps: () => ({ 'data-part': 'cancel', 'data-state': state, onClick: () => send({ type: 'CLOSE' }) }),
    getRetryProps: () => ({ 'data-part': 'retry', 'data-state': state, disabled: state !== 'failed', onClick: () => send({ type: 'RETRY' }) }),
    /** For the shared Pager (src/widgets/paged-list/Pager.tsx). */
    getPaginationProps: () => ({ 'data-part': 'pagination', 'data-state': busy ? 'busy' : 'idle', count: context.total, pageSize: context.pageSize, page: context.page, onPageChange: (d: { page: number }) => send({ type: 'PAGE', page: d.page }) }),
    getPageSizeProps: () => ({
      'data-part': 'page-size',
      'data-state': busy ? 'busy' : 'idle',
      value: String(context.pageSize),
      options: LOOKUP_PAGE_SIZES.map((n) => String(n)),
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'PAGE_SIZE', pageSize: Number(e.currentTarget.value) }),
    }),
  };
}

export type MagnifierApi = ReturnType<typeof connectMagnifier>;
