import { expect } from '@jest/globals';
import { rowEditMachine, ROW_EDIT_BUSY, type FieldValue, type Row, type RowEditInput, type SaveRowInput } from '../../src/machines/row-edit.machine';
import { connectRowEdit } from '../../src/machines/row-edit.connect';
import { ROW_STATUS_ADD, ROW_STATUS_FIELD } from '../../src/shared/constants';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof rowEditMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectRowEdit(s, () => undefined);

const stored: Row = { id: '1', name: '美元' };
const reloaded: Row[] = [{ id: '2', name: '日元' }];
/** The table's own rule for the walk: a name is required. */
const validate = (values: Record<string, FieldValue>) => (String(values.name ?? '').trim() ? {} : { name: { key: 'resource.error.required' } });
const input: RowEditInput = { rows: [stored], rowKey: 'id', blank: { name: '' }, validate };
const refused = '该记录已被他人修改，请刷新后再试（您填写的内容已保留）';

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.mode, s.context.activeKey, s.context.rows, s.context.draft, Object.keys(s.context.errors), s.context.failure, s.context.refusal, s.context.addedKeys]);

/** The snapshot before each step, to say what a step changed (or did not). */
let previous: Snapshot | null = null;
const keys = (s: Snapshot) => s.context.rows.map((r) => String(r.id));
const isNewRow = (r: Row) => String(r.id).startsWith('new-');

/**
 * Issue 11 point 6 (widget-library §4 "Table row edit"): one row active at a time; a second
 * add or edit is refused with a message and changes nothing; save validates first, a refused
 * save keeps what was typed; cancel removes a new row, restores an added-and-edited row's old
 * data, reverts a stored row; new rows carry row_status add until saved.
 */
describeModel(rowEditMachine, {
  input,
  serializeState: serializeState as never,
  events: {
    // At most three rows: enough for every case, and the walk stays finite.
    'ROW.ADD': (s: Snapshot) => (s.context.rows.length < 3 ? [{}] : []),
    'ROW.EDIT': (s: Snapshot) => keys(s).map((key) => ({ key })),
    'FIELD.CHANGE': [{ field: 'name', value: '' }, { field: 'name', value: '欧元' }],
    'ROW.SAVE': [{}],
    'ROW.CANCEL': [{}],
    'ROWS.LOAD': [{ rows: reloaded }],
  },
  actors: {
    saveRow: { outputs: [undefined], errors: [new Error(refused)] },
  },
  onState: (snapshot, step) => {
    const api = view(snapshot);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': api.state });
    // Only one row is ever active, and only it is editable.
    const activeRows = snapshot.context.rows.filter((r) => api.getRowProps(r)['data-state'] !== 'idle');
    expect(activeRows.length).toBe(snapshot.context.activeKey === null ? 0 : 1);
    for (const row of snapshot.context.rows) {
      expect(api.getRowProps(row)['data-part']).toBe('row');
      if (api.getRowProps(row)['data-state'] === 'idle') expect(api.getCellProps(row, 'name').readOnly).toBe(true);
    }
    // A new row carries the flag until it is saved; a saved row never does.
    for (const row of snapshot.context.rows) expect(row[ROW_STATUS_FIELD] === ROW_STATUS_ADD).toBe(snapshot.context.mode === 'add' && String(row.id) === snapshot.context.activeKey);
    // A refused add or edit changes nothing but the message.
    if (previous && step.event.type !== 'xstate.init' && snapshot.context.refusal === ROW_EDIT_BUSY && (step.event.type === 'ROW.ADD' || step.event.type === 'ROW.EDIT')) {
      expect(api.refusal).toBe('table.rowEdit.busy');
      expect(snapshot.value).toEqual(previous.value);
      expect([snapshot.context.rows, snapshot.context.activeKey, snapshot.context.draft]).toEqual([previous.context.rows, previous.context.activeKey, previous.context.draft]);
    }
    previous = snapshot;
  },
  states: {
    idle: (snapshot, step) => {
      const api = view(snapshot);
      expect([api.activeKey, api.mode, api.busy]).toEqual([null, null, false]);
      expect(api.getSaveProps().disabled).toBe(true);
      expect(api.getAddProps()).toMatchObject({ 'data-part': 'add', 'data-state': 'idle', disabled: false });
      if (step.event.type === 'xstate.init') expect(api.rows).toEqual([stored]);
      if (step.event.type === 'ROWS.LOAD') expect(api.rows).toEqual(reloaded);
      const before = previous;
      if (!before) return;
      // Cancel of a new row removes it.
      if (step.event.type === 'ROW.CANCEL' && before.context.mode === 'add') {
        expect(keys(snapshot)).toEqual(keys(before).filter((k) => k !== before.context.activeKey));
      }
      // Cancel of an added-and-edited row restores the data it had when editing began.
      if (step.event.type === 'ROW.CANCEL' && before.context.mode === 'addEdit') {
        expect(snapshot.context.rows.find((r) => r.id === before.context.activeKey)).toEqual(before.context.restore);
        expect(snapshot.context.rows).toEqual(before.context.rows);
      }
      // Cancel of a stored row reverts it to the stored values.
      if (step.event.type === 'ROW.CANCEL' && before.context.mode === 'edit') {
        expect(api.rows).toEqual(before.context.rows);
      }
      // A saved row keeps what was typed, without the new-row flag.
      if (step.event.type.startsWith('xstate.done.actor')) {
        const saved = api.rows.find((r) => r.id === before.context.activeKey);
        expect(saved).toEqual(expect.objectContaining(before.context.draft));
        expect(saved).not.toHaveProperty(ROW_STATUS_FIELD);
      }
    },
    add: (snapshot, step) => {
      const api = view(snapshot);
      const row = snapshot.context.rows.find((r) => String(r.id) === api.activeKey)!;
      expect(isNewRow(row)).toBe(true);
      expect(row[ROW_STATUS_FIELD]).toBe(ROW_STATUS_ADD);
      expect(api.getRowProps(row)).toMatchObject({ 'data-part': 'row', 'data-state': 'add' });
      expect(api.getCellProps(row, 'name').readOnly).toBe(false);
      if (step.event.type === 'ROW.ADD' && !snapshot.context.refusal) expect(api.getCellProps(row, 'name').value).toBe('');
      checkEditing(snapshot, step);
    },
    addEdit: (snapshot, step) => {
      const api = view(snapshot);
      const row = snapshot.context.rows.find((r) => String(r.id) === api.activeKey)!;
      // A row added here and saved, edited again: no longer flagged new.
      expect(isNewRow(row)).toBe(true);
      expect(row).not.toHaveProperty(ROW_STATUS_FIELD);
      expect(api.getRowProps(row)['data-state']).toBe('addEdit');
      expect(snapshot.context.restore).toEqual(row);
      checkEditing(snapshot, step);
    },
    edit: (snapshot, step) => {
      const api = view(snapshot);
      const row = snapshot.context.rows.find((r) => String(r.id) === api.activeKey)!;
      expect(isNewRow(row)).toBe(false);
      expect(api.getRowProps(row)['data-state']).toBe('edit');
      expect(api.getEditProps(row).disabled).toBe(true);
      if (step.event.type === 'ROW.EDIT' && !snapshot.context.refusal) expect(api.getCellProps(row, 'name').value).toBe(String(row.name));
      checkEditing(snapshot, step);
    },
    saving: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect(api.busy).toBe(true);
      expect(api.getSaveProps()).toMatchObject({ 'data-state': 'busy', disabled: true });
      const row = snapshot.context.rows.find((r) => String(r.id) === api.activeKey)!;
      expect(api.getCellProps(row, 'name').readOnly).toBe(true);
      const sent = run.inputs.saveRow?.at(-1) as SaveRowInput;
      // What is sent is the row as typed; a new row says so and carries the wire flag.
      expect(sent.row).toEqual(expect.objectContaining(snapshot.context.draft));
      expect(sent.isNew).toBe(snapshot.context.mode === 'add');
      expect(sent.row[ROW_STATUS_FIELD]).toBe(snapshot.context.mode === 'add' ? ROW_STATUS_ADD : undefined);
    },
  },
});

function checkEditing(snapshot: Snapshot, step: { event: { type: string } }) {
  const api = view(snapshot);
  const row = api.rows.find((r) => String(r.id) === api.activeKey)!;
  expect(api.busy).toBe(false);
  expect(api.getSaveProps().disabled).toBe(false);
  expect(api.getCancelProps().disabled).toBe(false);
  // An invalid save shows the problem in place and sends nothing.
  if (step.event.type === 'ROW.SAVE') {
    expect(api.getCellProps(row, 'name')).toMatchObject({ 'data-state': 'invalid', error: { key: 'resource.error.required' } });
  }
  // A refused save says why and keeps every value typed.
  if (step.event.type.startsWith('xstate.error.actor')) {
    expect(api.failure).toBe(refused);
    expect(previous?.context.draft).toEqual(snapshot.context.draft);
    expect(String(api.getCellProps(row, 'name').value).trim()).not.toBe('');
  }
  // A second add or edit while this row is active is refused with a message.
  if ((step.event.type === 'ROW.ADD' || step.event.type === 'ROW.EDIT') && snapshot.context.refusal) expect(api.refusal).toBe(ROW_EDIT_BUSY);
}
