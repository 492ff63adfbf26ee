import { assign, fromPromise, setup } from 'xstate';
import { ROW_STATUS_ADD, ROW_STATUS_FIELD } from '../shared/constants';
import { messageOf } from './message-of';

/**
 * Table row edit (widget-library §4, issue 11 point 6): one row of an editable table is active
 * at a time. A new row (`add`, flagged `row_status: 'add'` until saved), a row added earlier and
 * edited again (`addEdit`), or a stored row (`edit`). Adding or starting another row while one is
 * active is refused with a message; a save validates the row first, then calls the injected
 * `saveRow({ row, isNew })`; a refused save keeps every value typed and says why. Cancel removes
 * a new row, restores an added-and-edited row's old data, and reverts a stored row.
 *
 * Effects are injected: `saveRow`; the validation is the input's pure `validate(values, row)`.
 */
export type FieldValue = string | boolean;
export type Row = Record<string, unknown>;
export type RowMode = 'add' | 'addEdit' | 'edit';
export type ValidateRow = (values: Record<string, FieldValue>, row: Row) => Record<string, unknown>;

/** The message key shown when a second row is asked for while one is active. */
export const ROW_EDIT_BUSY = 'table.rowEdit.busy';
/** New rows' keys until the server gives them one: `new-1`, `new-2`… (the smallest free). */
export const NEW_ROW_KEY_PREFIX = 'new-';

export interface RowEditInput {
  rows: Row[];
  /** The field holding each row's key. */
  rowKey: string;
  /** The fields a new row starts with (the columns' defaults). */
  blank: Record<string, FieldValue>;
  validate: ValidateRow;
}

export interface RowEditContext extends RowEditInput {
  /** The active row's key, or null when no row is active. */
  activeKey: string | null;
  mode: RowMode | null;
  /** The active row's values as typed. */
  draft: Record<string, FieldValue>;
  /** The row as it was when it became active (restored by cancel in addEdit). */
  restore: Row | null;
  /** Keys of rows added (and saved) here: editing one again is `addEdit`. */
  addedKeys: string[];
  errors: Record<string, unknown>;
  /** Why the last save failed (the server's message), cleared by the next try. */
  failure: string | null;
  /** A message key when the last request was refused (another row is active). */
  refusal: string | null;
}

export type RowEditEvent =
  | { type: 'ROW.ADD' }
  | { type: 'ROW.EDIT'; key: string }
  | { type: 'FIELD.CHANGE'; field: string; value: FieldValue }
  | { type: 'ROW.SAVE' }
  | { type: 'ROW.CANCEL' }
  | { type: 'ROWS.LOAD'; rows: Row[] };

export interface SaveRowInput {
  row: Row;
  isNew: boolean;
}

export const rowKeyOf = (row: Row, rowKey: string) => String(row[rowKey]);
const findRow = (context: RowEditContext, key: string | null) => context.rows.find((r) => key !== null && rowKeyOf(r, context.rowKey) === key) ?? null;
const valuesOf = (row: Row, blank: Record<string, FieldValue>): Record<string, FieldValue> => {
  const values: Record<string, FieldValue> = {};
  for (const [field, value] of Object.entries(row)) {
    if (typeof value === 'string' || typeof value === 'boolean') values[field] = value;
    else if (typeof value === 'number') values[field] = String(value);
    else if (value == null && field in blank) values[field] = blank[field] ?? '';
  }
  return values;
};
/** The active row as it would be saved: the stored row with the typed values over it. */
export const draftRow = (context: RowEditContext): Row => ({ ...(findRow(context, context.activeKey) ?? {}), ...context.draft });
const replaceRow = (context: RowEditContext, key: string, row: Row) => context.rows.map((r) => (rowKeyOf(r, context.rowKey) === key ? row : r));

export const rowEditMachine = setup({
  types: { context: {} as RowEditContext, events: {} as RowEditEvent, input: {} as RowEditInput },
  actors: {
    /** Resolves with the saved row (a new row's server key), or nothing to keep the row as sent. */
    saveRow: fromPromise<Row | null | undefined, SaveRowInput>(async () => {
      throw new Error('saveRow not provided');
    }),
  },
  guards: {
    wasAdded: ({ context, event }) => event.type === 'ROW.EDIT' && context.addedKeys.includes(event.key) && !!findRow(context, event.key),
    rowExists: ({ context, event }) => event.type === 'ROW.EDIT' && !!findRow(context, event.key),
    isOtherRow: ({ context, event }) => event.type === 'ROW.EDIT' && event.key !== context.activeKey,
    isValid: ({ context }) => Object.keys(context.validate(context.draft, draftRow(context))).length === 0,
    wasAdd: ({ context }) => context.mode === 'add',
    wasAddEdit: ({ context }) => context.mode === 'addEdit',
  },
  actions: {
    addRow: assign(({ context }) => {
      const used = new Set(context.rows.map((r) => rowKeyOf(r, context.rowKey)));
      let n = 1;
      while (used.has(`${NEW_ROW_KEY_PREFIX}${n}`)) n += 1;
      const key = `${NEW_ROW_KEY_PREFIX}${n}`;
      const row: Row = { ...context.blank, [context.rowKey]: key, [ROW_STATUS_FIELD]: ROW_STATUS_ADD };
      return { rows: [...context.rows, row], activeKey: key, mode: 'add' as const, draft: { ...context.blank }, restore: null, errors: {}, failure: null, refusal: null };
    }),
    startAddEdit: assign(({ context, event }) => {
      const row = event.type === 'ROW.EDIT' ? findRow(context, event.key) : null;
      return { activeKey: row ? rowKeyOf(row, context.rowKey) : null, mode: 'addEdit' as const, draft: row ? valuesOf(row, context.blank) : {}, restore: row, errors: {}, failure: null, refusal: null };
    }),
    startEdit: assign(({ context, event }) => {
      const row = event.type === 'ROW.EDIT' ? findRow(context, event.key) : null;
      return { activeKey: row ? rowKeyOf(row, context.rowKey) : null, mode: 'edit' as const, draft: row ? valuesOf(row, context.blank) : {}, restore: row, errors: {}, failure: null, refusal: null };
    }),
    refuseBusy: assign({ refusal: () => ROW_EDIT_BUSY }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD.CHANGE') return {};
      const { [event.field]: _fixed, ...errors } = context.errors;
      return { draft: { ...context.draft, [event.field]: event.value }, errors, refusal: null };
    }),
    showErrors: assign(({ context }) => ({ errors: context.validate(context.draft, draftRow(context)), refusal: null })),
    clearFailure: assign({ failure: () => null, refusal: () => null }),
    keepFailure: assign({ failure: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    /** The saved row replaces the active one, without the new-row flag; it becomes an added row if it was new. */
    applySaved: assign(({ context, event }) => {
      const output = (event as unknown as { output?: Row | null }).output;
      // The server's row if it answered one (a new row's own key), else the row as sent; never flagged new.
      const { [ROW_STATUS_FIELD]: _flag, ...saved } = output ?? draftRow(context);
      const key = rowKeyOf(saved, context.rowKey);
      const addedKeys = context.mode === 'add' && !context.addedKeys.includes(key) ? [...context.addedKeys, key] : context.addedKeys;
      return { rows: replaceRow(context, context.activeKey ?? '', saved), addedKeys, activeKey: null, mode: null, draft: {}, restore: null, errors: {}, failure: null };
    }),
    removeRow: assign(({ context }) => ({
      rows: context.rows.filter((r) => rowKeyOf(r, context.rowKey) !== context.activeKey),
      activeKey: null, mode: null, draft: {}, restore: null, errors: {}, failure: null, refusal: null,
    })),
    restoreRow: assign(({ context }) => ({
      rows: context.restore && context.activeKey !== null ? replaceRow(context, context.activeKey, context.restore) : context.rows,
      activeKey: null, mode: null, draft: {}, restore: null, errors: {}, failure: null, refusal: null,
    })),
    revertRow: assign({ activeKey: () => null, mode: () => null, draft: () => ({}), restore: () => null, errors: () => ({}), failure: () => null, refusal: () => null }),
    replaceRows: assign(({ event }) => (event.type === 'ROWS.LOAD' ? { rows: event.rows, addedKeys: [], refusal: null } : {})),
  },
}).createMachine({
  id: 'rowEdit',
  context: ({ input }) => ({ ...input, activeKey: null, mode: null, draft: {}, restore: null, addedKeys: [], errors: {}, failure: null, refusal: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'ROW.ADD': { target: 'add', actions: 'addRow' },
        'ROW.EDIT': [
          { guard: 'wasAdded', target: 'addEdit', actions: 'startAddEdit' },
          { guard: 'rowExists', target: 'edit', actions: 'startEdit' },
        ],
        'ROWS.LOAD': { actions: 'replaceRows' },
      },
    },
    add: {
      on: {
        'ROW.ADD': { actions: 'refuseBusy' },
        'ROW.EDIT': { guard: 'isOtherRow', actions: 'refuseBusy' },
        'FIELD.CHANGE': { actions: 'setField' },
        'ROW.SAVE': [{ guard: 'isValid', target: 'saving', actions: 'clearFailure' }, { actions: 'showErrors' }],
        'ROW.CANCEL': { target: 'idle', actions: 'removeRow' },
      },
    },
    addEdit: {
      on: {
        'ROW.ADD': { actions: 'refuseBusy' },
        'ROW.EDIT': { guard: 'isOtherRow', actions: 'refuseBusy' },
        'FIELD.CHANGE': { actions: 'setField' },
        'ROW.SAVE': [{ guard: 'isValid', target: 'saving', actions: 'clearFailure' }, { actions: 'showErrors' }],
        'ROW.CANCEL': { target: 'idle', actions: 'restoreRow' },
      },
    },
    edit: {
      on: {
        'ROW.ADD': { actions: 'refuseBusy' },
        'ROW.EDIT': { guard: 'isOtherRow', actions: 'refuseBusy' },
        'FIELD.CHANGE': { actions: 'setField' },
        'ROW.SAVE': [{ guard: 'isValid', target: 'saving', actions: 'clearFailure' }, { actions: 'showErrors' }],
        'ROW.CANCEL': { target: 'idle', actions: 'revertRow' },
      },
    },
    saving: {
      tags: ['busy'],
      on: {
        'ROW.ADD': { actions: 'refuseBusy' },
        'ROW.EDIT': { guard: 'isOtherRow', actions: 'refuseBusy' },
      },
      invoke: {
        src: 'saveRow',
        input: ({ context }) => ({ row: draftRow(context), isNew: context.mode === 'add' }),
        onDone: { target: 'idle', actions: 'applySaved' },
        // Nothing typed is lost: back to the row's own state with the server's reason.
        onError: [
          { guard: 'wasAdd', target: 'add', actions: 'keepFailure' },
          { guard: 'wasAddEdit', target: 'addEdit', actions: 'keepFailure' },
          { target: 'edit', actions: 'keepFailure' },
        ],
      },
    },
  },
});
