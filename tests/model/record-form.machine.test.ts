import { expect } from '@jest/globals';
import { recordFormMachine, type FieldValue, type RecordFormInput, type StoredRecord } from '../../src/machines/record-form.machine';
import { buttonsOf, connectRecordForm } from '../../src/machines/record-form.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof recordFormMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectRecordForm(s, () => undefined, { reviewed: true });

const stored: StoredRecord = { id: 7, version: 3, code: 'USD', name: '美元', recordState: 'approved' };
const savedRecord: StoredRecord = { id: 7, version: 4, code: 'USD', name: '美元（新）', recordState: 'approved' };
/** The form's own rule for the walk: a name is required (the real forms use the resource's schema). */
const validate = (values: Record<string, FieldValue>) => (String(values.name ?? '').trim() ? {} : { name: { key: 'resource.error.required' } });
const base = { initial: { code: '', name: '' }, valuesOf: (r: StoredRecord) => ({ code: String(r.code), name: String(r.name) }), validate, immutable: ['code'] };
const inputs: RecordFormInput[] = [
  { mode: 'add', ...base },
  { mode: 'edit', id: 7, ...base },
  { mode: 'view', id: 7, ...base },
  { mode: 'approval', id: 7, ...base },
  // A page with a hidden param (the data-auth page of one kind): the add form starts with it fixed.
  { mode: 'add', ...base, initial: { code: 'GBP', name: '' }, fixed: ['code'] },
];

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.mode, s.context.fixed ?? [], s.context.values, Object.keys(s.context.errors), s.context.failure, s.context.record?.version ?? null, s.context.enabled]);

/**
 * Issue 11 point 1: the form in its four modes, walked through every transition. Edit, view
 * and approval read the record first (and may retry); add and edit take typing (edit not in an
 * immutable field); view never; approval only in the fields its config enabled. Outside values
 * (a restored draft) land in known fields only. The save-or-submit flow asks for the problems
 * to be shown and ends the form with the record it saved.
 */
describeModel(recordFormMachine, {
  inputs,
  serializeState: serializeState as never,
  events: {
    'FIELD.CHANGE': [{ field: 'name', value: '' }, { field: 'name', value: '欧元' }, { field: 'code', value: 'EUR' }],
    'FORM.VALIDATE': [{}],
    'FORM.PROBLEMS': [{ errors: { code: { key: 'form.flow.taken', params: { value: 'USD' } }, foreign: { key: 'x' } } }],
    'FORM.APPLY': [{ values: { name: '草稿名', foreign: 'x' } }, { values: { code: 'JPY' } }],
    'FIELDS.ENABLE': [{ fields: ['name'] }],
    'FORM.SAVED': [{ record: savedRecord }],
    'FORM.RETRY': [{}],
  },
  actors: {
    loadRecord: { outputs: [stored], errors: [new Error('记录不存在或已被删除')] },
  },
  onState: (snapshot) => {
    const api = view(snapshot);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': api.state, 'data-mode': snapshot.context.mode });
    expect(api.buttons).toEqual(buttonsOf(snapshot.context.mode, true));
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
      const { mode } = snapshot.context;
      expect(api.busy).toBe(false);
      expect(api.readOnly).toBe(mode === 'view' || mode === 'approval');
      // Which field takes typing, by mode.
      expect(api.getFieldProps('name').readOnly).toBe(mode === 'view' || (mode === 'approval' && !snapshot.context.enabled.includes('name')));
      const fixed = (snapshot.context.fixed ?? []).includes('code');
      expect(api.getFieldProps('code').readOnly).toBe(mode !== 'add' || fixed);
      // The stored code, unless a draft applied another.
      if (mode !== 'add') expect(['USD', 'JPY']).toContain(api.values.code);
      // A page's hidden param stays what the page gave, whatever is typed or applied.
      if (fixed) expect(api.values.code).toBe('GBP');
      const applied = step.event.type === 'FORM.APPLY' ? (step.event as unknown as { values: Record<string, unknown> }).values : null;
      if (applied && 'code' in applied) expect(api.values.code).toBe(fixed ? 'GBP' : 'JPY');
      // A read-only field refused the keys: view keeps the stored name unless a draft or config applied one.
      if (mode === 'view' && step.event.type === 'FIELD.CHANGE') expect(api.values.name).not.toBe('欧元');
      if (applied && 'name' in applied) {
        expect(api.values.name).toBe('草稿名');
        expect(api.values).not.toHaveProperty('foreign');
      }
      if (step.event.type === 'FORM.VALIDATE') expect(api.getFieldProps('name')['data-state']).toBe(String(api.values.name).trim() ? 'valid' : 'invalid');
      // A problem from elsewhere shows on its field (and only a field of the form's), until it is typed in.
      if (step.event.type === 'FORM.PROBLEMS') {
        expect([api.getFieldProps('code')['data-state'], api.getFieldProps('code').error]).toEqual(['invalid', { key: 'form.flow.taken', params: { value: 'USD' } }]);
        expect(snapshot.context.errors).not.toHaveProperty('foreign');
      }
    },
    saved: (snapshot) => {
      expect(view(snapshot).saved).toBe(true);
      expect(snapshot.context.record).toEqual(savedRecord);
      expect(snapshot.status).toBe('done');
    },
  },
});
