import { expect } from '@jest/globals';
import { recordFormMachine, type FieldValue, type RecordFormInput, type StoredRecord } from '../../src/machines/record-form.machine';
import { connectRecordForm } from '../../src/machines/record-form.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof recordFormMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectRecordForm(s, () => undefined);

const stored: StoredRecord = { id: 7, version: 3, name: '美元', recordState: 'approved' };
const savedRecord: StoredRecord = { id: 7, version: 4, name: '美元（新）', recordState: 'approved' };
/** The form's own rule for the walk: a name is required (the real forms use the resource's schema). */
const validate = (values: Record<string, FieldValue>) => (String(values.name ?? '').trim() ? {} : { name: { key: 'resource.error.required' } });
const base = { initial: { name: '' }, valuesOf: (r: StoredRecord) => ({ name: String(r.name) }), validate };
const inputs: RecordFormInput[] = [
  { mode: 'add', ...base },
  { mode: 'edit', id: 7, ...base },
];

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.mode, s.context.values, Object.keys(s.context.errors), s.context.failure, s.context.record?.version ?? null]);

/**
 * Issue 10 point 1: the add and edit forms walked through every transition. Edit reads the
 * record first (and may retry); a save is sent only when the form is valid; a refused save
 * keeps every value typed and says why; a saved form is done.
 */
describeModel(recordFormMachine, {
  inputs,
  serializeState: serializeState as never,
  events: {
    'FIELD.CHANGE': [{ field: 'name', value: '' }, { field: 'name', value: '欧元' }],
    'FORM.SUBMIT': (s: Snapshot) => [{ step: s.context.mode === 'add' ? 'save' : 'update' }],
    'FORM.RETRY': [{}],
  },
  actors: {
    loadRecord: { outputs: [stored], errors: [new Error('记录不存在或已被删除')] },
    saveRecord: { outputs: [savedRecord], errors: [new Error('该记录已被他人修改，请刷新后再试（您填写的内容已保留）')] },
  },
  onState: (snapshot) => {
    const api = view(snapshot);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': api.state, 'data-mode': snapshot.context.mode });
  },
  states: {
    loading: (snapshot, _step, run) => {
      expect(view(snapshot).busy).toBe(true);
      expect(run.inputs.loadRecord?.at(-1)).toEqual({ id: 7 });
    },
    loadFailed: (snapshot) => {
      const api = view(snapshot);
      expect([api.loadFailed, api.failure]).toEqual([true, '记录不存在或已被删除']);
      expect(api.getRetryProps()['data-part']).toBe('retry');
    },
    editing: (snapshot, step) => {
      const api = view(snapshot);
      expect(api.busy).toBe(false);
      expect(api.getFieldProps('name').readOnly).toBe(false);
      // Edit shows the stored record's values until the user types.
      if (snapshot.context.mode === 'edit' && step.event.type.startsWith('xstate.done.actor')) expect(api.values).toEqual({ name: '美元' });
      // An invalid submit shows the problem in place and sends nothing.
      if (step.event.type === 'FORM.SUBMIT') expect(api.getFieldProps('name')).toMatchObject({ 'data-state': 'invalid', error: { key: 'resource.error.required' } });
      // A refused save says why and keeps what was typed.
      if (step.event.type.startsWith('xstate.error.actor') && snapshot.context.failure?.startsWith('该记录')) {
        expect(api.failure).toBe('该记录已被他人修改，请刷新后再试（您填写的内容已保留）');
        expect(String(api.values.name).trim()).not.toBe('');
      }
    },
    saving: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect(api.busy).toBe(true);
      expect(api.getFieldProps('name').readOnly).toBe(true);
      const sent = run.inputs.saveRecord?.at(-1) as { step: string; values: Record<string, FieldValue>; record: StoredRecord | null };
      // What is sent is what was typed, for the record read (or none when adding).
      expect(sent.values).toEqual(snapshot.context.values);
      expect(sent.record).toEqual(snapshot.context.mode === 'add' ? null : stored);
      expect(api.getSubmitProps(sent.step as 'save')['data-state']).toBe('busy');
    },
    saved: (snapshot) => {
      expect(view(snapshot).saved).toBe(true);
      expect(snapshot.status).toBe('done');
    },
  },
});
