import { expect, jest } from '@jest/globals';
import { passwordRuleMachine, ruleErrors, ruleOf } from '../../src/machines/password-rule.machine';
import { connectPasswordRule } from '../../src/machines/password-rule.connect';
import { PASSWORD_RULE_DEFAULT } from '../../src/shared/constants';
import { describeModel } from './support/model';

const rule = { ...PASSWORD_RULE_DEFAULT };
const savedRule = { ...rule, minLength: 12, requireDigit: true };
const view = (snapshot: unknown, send: (e: unknown) => void = () => undefined) => connectPasswordRule(snapshot as never, send as never, 'staff');

const serializeState = (s: { value: unknown; context: { values: unknown; errors: object; serverMessage: string | null; savedNotice: boolean; sample: string; rule: unknown } }) =>
  JSON.stringify([s.value, s.context.values, Object.keys(s.context.errors), s.context.serverMessage, s.context.savedNotice, s.context.sample, s.context.rule]);

describeModel(passwordRuleMachine, {
  serializeState: serializeState as never,
  events: {
    'FIELD.CHANGE': [
      { field: 'minLength', value: '12' },
      { field: 'minLength', value: 'ten' },
      { field: 'maxLength', value: '9' },
      { field: 'maxLength', value: '200' },
    ],
    'FLAG.TOGGLE': [{ field: 'requireDigit', checked: true }],
    'SAMPLE.CHANGE': [{ value: 'staff-password' }],
  },
  actors: {
    loadRule: { outputs: [rule], errors: [new Error('offline')] },
    saveRule: { outputs: [savedRule], errors: [new Error('the rule was refused')] },
  },
  onState: (snapshot, step) => {
    const api = view(snapshot);
    // Whatever happened, what the administrator typed is what the form shows.
    if (step.event.type === 'FIELD.CHANGE' && snapshot.matches('editing')) {
      const { field, value } = step.event as unknown as { field: 'minLength' | 'maxLength'; value: string };
      expect(api.getLengthProps(field).value).toBe(value);
    }
    // The sample is checked against the rule as edited (or as saved while the edit is not a rule the server would take), the user's code included.
    if (snapshot.context.sample !== '' && snapshot.context.rule) {
      const keys = api.sampleProblems.map((p) => p.key);
      const { minLength, maxLength } = snapshot.context.values;
      const editable = /^\d+$/.test(minLength) && /^\d+$/.test(maxLength) && +minLength >= 8 && +maxLength <= 128 && +minLength <= +maxLength;
      const held = editable ? ruleOf(snapshot.context.values)! : snapshot.context.rule;
      expect(keys.includes('global.passwordRule.containsUserCode')).toBe(held.forbidUserCode);
      expect(keys.includes('global.passwordRule.needDigit')).toBe(held.requireDigit);
      expect(keys.includes('global.passwordRule.tooShort')).toBe('staff-password'.length < held.minLength);
      expect(api.sampleAccepted).toBe(keys.length === 0);
      expect(api.getSampleProps()['data-state']).toBe(keys.length ? 'refused' : 'accepted');
    } else expect([api.sampleProblems, api.sampleAccepted]).toEqual([[], false]);
  },
  states: {
    loading: (snapshot) => {
      const api = view(snapshot);
      expect([api.loading, api.getRootProps()['data-state'], api.getRootProps()['aria-busy'], api.getReloadProps()['aria-disabled']]).toEqual([true, 'loading', true, true]);
    },
    failed: (snapshot) => {
      const api = view(snapshot);
      expect([api.failed, api.loaded, api.serverMessage, api.getReloadProps()['aria-disabled']]).toEqual([true, false, 'offline', undefined]);
    },
    editing: (snapshot, step, run) => {
      const events: unknown[] = [];
      const api = view(snapshot, (e) => events.push(e));
      const { context } = snapshot;
      expect([api.getSaveProps().busy, api.getSaveProps()['aria-disabled'], api.getLengthProps('minLength').readOnly]).toEqual([false, undefined, false]);
      // Undo is offered only when something differs from the rule saved, and puts it back.
      api.getResetProps().onClick();
      expect(events).toEqual(api.changed ? [{ type: 'FORM.RESET' }] : []);
      expect(api.getRootProps()['data-state']).toBe(api.changed ? 'changed' : 'saved');
      // A refused submit names each field at fault, by the same check the machine's guard uses.
      if (step.event.type === 'FORM.SUBMIT') {
        expect(context.errors).toEqual(ruleErrors(context.values));
        const { minLength, maxLength } = context.values;
        if (minLength === 'ten') expect(context.errors.minLength?.key).toBe('admin.passwordRule.error.whole');
        else if (maxLength === '200') expect(context.errors).toEqual({ maxLength: { key: 'admin.passwordRule.error.range', params: { floor: 8, ceiling: 128 } } });
        else if (maxLength === '9' && minLength === '12') expect(context.errors).toEqual({ minLength: { key: 'admin.passwordRule.error.minAboveMax', params: { min: 12, max: 9 } } });
        else expect(context.errors).toEqual({});
      }
      for (const field of ['minLength', 'maxLength'] as const) {
        const props = api.getLengthProps(field);
        expect([props.invalid, props['data-state']]).toEqual(context.errors[field] ? [true, 'invalid'] : [false, 'valid']);
      }
      if (step.event.type.startsWith('xstate.done.actor.0.passwordRule.saving')) {
        expect([context.rule, api.savedNotice, api.changed, api.getFlagProps('requireDigit').checked]).toEqual([savedRule, true, false, true]);
      }
      // A refused save keeps every value typed and says why.
      if (step.event.type.startsWith('xstate.error.actor.0.passwordRule.saving')) expect([api.serverMessage, ruleOf(context.values)]).toEqual(['the rule was refused', run.inputs.saveRule?.at(-1)]);
      // Reload would replace unsaved values: it is offered only when there are none.
      expect(api.getReloadProps()['aria-disabled']).toBe(api.changed || undefined);
      if (step.event.type === 'FORM.RESET') expect([api.changed, context.values.minLength]).toEqual([false, String(context.rule!.minLength)]);
    },
    saving: (snapshot, _step, run) => {
      // Busy, not disabled: the focus stays where Enter was pressed, and a second press sends nothing.
      const events: unknown[] = [];
      const api = view(snapshot, (e) => events.push(e));
      const save = api.getSaveProps();
      expect([save.busy, save['aria-disabled'], api.getLengthProps('maxLength').readOnly, api.getFlagProps('requireUpper').readOnly]).toEqual([true, true, true, true]);
      const press = { preventDefault: jest.fn() };
      save.onClick(press);
      api.getResetProps().onClick(press);
      expect([press.preventDefault.mock.calls.length, events]).toEqual([2, []]);
      // What goes out is the form's values as a rule the shared check accepts.
      const sent = run.inputs.saveRule?.at(-1);
      expect(sent).toEqual(ruleOf(snapshot.context.values));
      // Checked here without the machine's own guard: only a rule the server takes goes out.
      const { minLength, maxLength } = sent as { minLength: number; maxLength: number };
      expect([Number.isInteger(minLength), minLength >= 8, maxLength <= 128, minLength <= maxLength]).toEqual([true, true, true, true]);
    },
  },
});
