import { expect } from '@jest/globals';
import { fieldConfigMachine, type FieldConfigInput } from '../../src/machines/field-config.machine';
import { connectFieldConfig } from '../../src/machines/field-config.connect';
import { FIELD_CONFIG_CHECKS, FIELD_CONFIG_CHECK_MS } from '../../src/shared/constants';
import { fieldConfigEffect, type FieldConfigEffect, type FieldConfigEntry } from '../../src/shared/field-config';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof fieldConfigMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectFieldConfig(s);

const code = 'rate-add';
const inputs: FieldConfigInput[] = [{ code }, { code: null }, { code: '  ' }];
// The remark enabled, the rate cleared, the tenor set.
const configs: FieldConfigEntry[] = [
  { prop: 'remark', value: null, disabled: false, isValidValue: true },
  { prop: 'rateValue', value: null, disabled: true, isValidValue: false },
  { prop: 'tenor', value: '1Y', disabled: false, isValidValue: true },
];
const down = new Error('网络连接失败');

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.code, s.context.checks, s.context.configs.length, s.context.error]);
const applied: FieldConfigEffect[] = [];

/**
 * Issue 11 point 5 (widgets §4 "Approval field config", §9): the config is checked up to
 * FIELD_CONFIG_CHECKS times, FIELD_CONFIG_CHECK_MS apart, behind a loading overlay; the configs
 * that arrive enable fields and set or clear values; when every check fails the form stays
 * read-only; without a code nothing is checked.
 */
describeModel(fieldConfigMachine, {
  inputs,
  serializeState: serializeState as never,
  actors: { checkFieldConfig: { outputs: [configs], errors: [down] } },
  provide: { actions: { applyConfigs: (_: unknown, effect: FieldConfigEffect) => void applied.push(effect) } },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') applied.length = 0;
    const api = view(snapshot);
    expect(api.getRootProps()).toEqual({ 'data-part': 'root', 'data-state': api.state, 'aria-busy': api.loading });
    expect(api.getOverlayProps()).toEqual({ 'data-part': 'overlay', 'data-state': api.loading ? 'open' : 'closed', hidden: !api.loading });
    // Never more than the spec's checks.
    expect(snapshot.context.checks).toBeLessThanOrEqual(FIELD_CONFIG_CHECKS);
    // The form is told once, when the configs arrive, and nothing is editable before.
    expect(applied.length).toBe(snapshot.matches('applied') ? 1 : 0);
    if (!snapshot.matches('applied')) for (const c of configs) expect(api.getFieldProps(c.prop).readOnly).toBe(true);
  },
  states: {
    none: (snapshot, _step, run) => {
      const api = view(snapshot);
      // No approvalField: nothing checked, no overlay, every field read-only.
      expect([api.loading, api.checks, run.inputs.checkFieldConfig ?? []]).toEqual([false, 0, []]);
      expect(api.effect).toEqual({ enabled: [], cleared: [], values: {} });
      expect(snapshot.status).toBe('done');
    },
    checking: (snapshot, step, run) => {
      const api = view(snapshot);
      expect(api.loading).toBe(true);
      expect(api.getOverlayProps().hidden).toBe(false);
      expect(run.inputs.checkFieldConfig).toHaveLength(snapshot.context.checks);
      expect(run.inputs.checkFieldConfig!.at(-1)).toEqual({ code });
      // A check after a failure goes out one interval after the one before.
      if (step.event.type.startsWith('xstate.after')) expect(run.clock.now()).toBe((snapshot.context.checks - 1) * FIELD_CONFIG_CHECK_MS);
      else expect(snapshot.context.checks).toBe(1);
    },
    waiting: (snapshot) => {
      const api = view(snapshot);
      expect([api.loading, api.getOverlayProps()['data-state'], api.error]).toEqual([true, 'open', null]);
      expect(snapshot.context.error).toBe(down.message);
      expect(snapshot.context.checks).toBeLessThan(FIELD_CONFIG_CHECKS);
    },
    applied: (snapshot) => {
      const api = view(snapshot);
      expect([api.loading, api.configs, api.error]).toEqual([false, configs, null]);
      expect(applied).toEqual([fieldConfigEffect(configs)]);
      expect(api.effect).toEqual({ enabled: ['remark', 'tenor'], cleared: ['rateValue'], values: { tenor: '1Y' } });
      expect(api.getFieldProps('remark')).toEqual({ 'data-part': 'field', 'data-state': 'enabled', 'data-name': 'remark', readOnly: false });
      expect(api.getFieldProps('rateValue').readOnly).toBe(true);
      expect(api.getFieldProps('applyNo').readOnly).toBe(true);
    },
    failed: (snapshot, _step, run) => {
      const api = view(snapshot);
      // Every check failed: the overlay goes, the form stays read-only, the reason is kept.
      expect([api.loading, api.checks, run.inputs.checkFieldConfig!.length, api.error]).toEqual([false, FIELD_CONFIG_CHECKS, FIELD_CONFIG_CHECKS, down.message]);
      expect(api.effect.enabled).toEqual([]);
      expect(run.clock.now()).toBe((FIELD_CONFIG_CHECKS - 1) * FIELD_CONFIG_CHECK_MS);
    },
  },
});
