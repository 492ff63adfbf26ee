import { expect } from '@jest/globals';
import { dynamicFormMachine, type DynamicFormInput, type SaveFormInput, type SaveRefusal } from '../../src/machines/dynamic-form.machine';
import { connectDynamicForm } from '../../src/machines/dynamic-form.connect';
import { toTemplateData, wrapValue, type TemplateField } from '../../src/shared/dynamic-form';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof dynamicFormMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectDynamicForm(s, () => undefined);

const template: TemplateField[] = [
  { name: 'amount', text: '金额', type: 'amount', rules: [{ required: true }] },
  { name: 'code', text: '代码', type: 'text', rules: [{ pattern: '^[A-Z]+$', trigger: 'change' }] },
];
const fresh = JSON.stringify({ templateCode: 'loan', templateName: '贷款', template, templateData: toTemplateData(template, { amount: null, code: null }) });
const stored = JSON.stringify({ id: 7, version: 3, templateCode: 'loan', templateName: '贷款', template, templateData: [{ name: 'amount', value: wrapValue(1234.5) }, { name: 'code', value: wrapValue('AB') }] });
const blank = JSON.stringify({ templateCode: 'blank', templateName: '空', template: [], templateData: [] });
const refusal: SaveRefusal = { message: '填写的内容有误：金额不能为空', errors: [{ name: 'amount', key: 'dynamic.rule.required', params: { field: '金额' } }] };

const input: DynamicFormInput = { source: { kind: 'new', code: 'loan' }, mode: 'edit', lang: 'zh-CN' };

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.source, s.context.mode, s.context.form?.templateCode ?? null, s.context.form?.template.length ?? null, s.context.values, s.context.texts, Object.keys(s.context.problems).sort(), s.context.id, s.context.version, s.context.failure, s.context.saved]);

let previous: Snapshot | null = null;

/**
 * Issue 11 point 7 (widgets §4 "Dynamic form status", §5, §8): pending, then success, error
 * (no data) or empty ("data empty"); a field's blur checks its rules, a change rule speaks as the
 * user types; save checks every field first; a refused save keeps every value typed and puts the
 * server's problems under their fields; an amount is a number underneath its formatted text.
 */
describeModel(dynamicFormMachine, {
  input,
  serializeState: serializeState as never,
  events: {
    'FIELD.CHANGE': [
      { field: 'amount', value: '1234.5' },
      { field: 'amount', value: 'abc' },
      { field: 'code', value: 'ab' },
    ],
    'FIELD.BLUR': [{ field: 'amount' }],
    'FORM.SAVE': [{}],
    'FORM.EDIT': [{}],
    'FORM.CANCEL': [{}],
    'FORM.RETRY': [{}],
    'FORM.LOAD': [{ source: { kind: 'existing', id: 7 }, mode: 'view' }],
  },
  actors: {
    // Answers of every kind for the load; a stored form and refusals (one naming fields) for the save.
    loadForm: { outputs: [fresh, stored, blank, null, 'not json'], errors: [new Error('network down')] },
    saveForm: { outputs: [{ id: 8, version: 1 }], errors: [refusal, new Error('服务器错误')] },
  },
  onState: (snapshot, step) => {
    const api = view(snapshot);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': api.status });
    // Numbers and amounts are numbers underneath, whatever the text shows.
    const amount = snapshot.context.values.amount;
    if (amount !== undefined && amount !== null && snapshot.context.texts.amount !== 'abc') expect(typeof amount).toBe('number');
    // A change of one field never touches another's value.
    if (previous && step.event.type === 'FIELD.CHANGE') {
      const changed = (step.event as unknown as { field: string }).field;
      for (const f of Object.keys(previous.context.values)) if (f !== changed) expect(snapshot.context.values[f]).toEqual(previous.context.values[f]);
    }
    previous = snapshot;
  },
  states: {
    pending: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.status, api.busy, api.statusKey]).toEqual(['pending', true, 'dynamic.status.pending']);
      expect(run.inputs.loadForm?.at(-1)).toEqual(snapshot.context.source);
      expect(api.fields).toEqual([]);
    },
    error: (snapshot) => {
      const api = view(snapshot);
      expect([api.status, api.statusKey, api.fields]).toEqual(['error', 'dynamic.status.error', []]);
      expect(api.getRetryProps().hidden).toBe(false);
    },
    empty: (snapshot) => {
      const api = view(snapshot);
      expect([api.status, api.statusKey, api.fields]).toEqual(['empty', 'dynamic.status.empty', []]);
    },
    'success.editing': (snapshot, step) => {
      const api = view(snapshot);
      expect([api.status, api.state, api.readOnly]).toEqual(['success', 'editing', false]);
      expect(api.getSaveProps().hidden).toBe(false);
      expect(api.getFieldProps('amount')).toMatchObject({ 'data-part': 'field', required: true, readOnly: false });
      if (step.event.type === 'FIELD.BLUR') {
        // The blur checked the amount's own rules: required when empty, a number when typed.
        const value = snapshot.context.values.amount;
        if (value === null) expect(api.getFieldProps('amount').problem?.key).toBe('dynamic.rule.required');
        else if (typeof value === 'string') expect(api.getFieldProps('amount').problem?.key).toBe('dynamic.rule.types.number');
        else {
          expect(api.getFieldProps('amount').problem).toBeNull();
          expect(api.getFieldProps('amount').text).toBe('1,234.50');
        }
      }
      if (step.event.type === 'FIELD.CHANGE' && (step.event as unknown as { field: string }).field === 'code') expect(api.getFieldProps('code').problem?.key).toBe('dynamic.rule.pattern.mismatch');
      if (step.event.type === 'FIELD.CHANGE' && (step.event as unknown as { field: string }).field === 'amount') expect(api.getFieldProps('amount').problem).toBeNull();
      if (step.event.type === 'FORM.SAVE') {
        // Save checked every field and stayed: something does not hold.
        expect(Object.keys(api.problems).length).toBeGreaterThan(0);
      }
      if (step.event.type.startsWith('xstate.error.actor')) {
        // A refused save keeps every value and names the server's problems.
        expect(api.failure).toBeTruthy();
        expect(snapshot.context.values).toEqual(previous?.context.values ?? snapshot.context.values);
        if (api.failure === refusal.message) expect(api.getFieldProps('amount').problem?.key).toBe('dynamic.rule.required');
      }
    },
    'success.saving': (snapshot, _step, run) => {
      const api = view(snapshot);
      // Busy, not disabled: the focus stays on Save (aria-disabled, its press sends nothing).
      const save = api.getSaveProps();
      expect([api.busy, api.readOnly, save.busy, save['aria-disabled'], 'disabled' in save]).toEqual([true, true, true, true, false]);
      const sent = run.inputs.saveForm?.at(-1) as SaveFormInput;
      expect(sent).toEqual({ templateCode: 'loan', id: snapshot.context.id, version: snapshot.context.version, templateData: toTemplateData(template, snapshot.context.values) });
      // The amount travels as a number inside {"v": …}.
      expect(JSON.parse(sent.templateData[0]!.value)).toEqual({ v: 1234.5 });
    },
    'success.viewing': (snapshot, step) => {
      const api = view(snapshot);
      expect([api.state, api.readOnly, api.getEditProps().hidden, api.getSaveProps().hidden]).toEqual(['viewing', true, false, true]);
      expect(api.getFieldProps('amount').readOnly).toBe(true);
      if (step.event.type.startsWith('xstate.done.actor') && snapshot.context.saved) expect([api.saved, api.id, api.version]).toEqual([true, 8, 1]);
      if (step.event.type === 'FORM.CANCEL') expect(snapshot.context.values).toEqual(snapshot.context.savedValues);
    },
  },
});

