import { assign, fromPromise, not, setup } from 'xstate';
import { PASSWORD_LENGTH_CEILING, PASSWORD_LENGTH_FLOOR } from '../shared/constants';
import { ruleProblems, type PasswordRule } from '../shared/password-rule';
import { messageOf } from './message-of';

/**
 * The administrators' password rule page (shell §1 "password rules"): load the rule, edit it,
 * save it. The lengths are kept as typed (a half-typed "1" is not refused until submit); the
 * character classes are switches. A sample password can be typed at any time: the view checks it
 * against the rule as edited, so an administrator sees what a rule demands before saving it. The
 * calls are provided by the view.
 */
export type LengthField = 'minLength' | 'maxLength';
export type FlagField = 'requireUpper' | 'requireLower' | 'requireDigit' | 'requireSymbol' | 'forbidUserCode';
export const RULE_FLAGS: readonly FlagField[] = ['requireUpper', 'requireLower', 'requireDigit', 'requireSymbol', 'forbidUserCode'];

/** The form's values: the rule with its lengths as typed. */
export type RuleValues = Record<LengthField, string> & Record<FlagField, boolean>;

export interface PasswordRuleContext {
  /** The rule as last loaded or saved; null until loaded. */
  rule: PasswordRule | null;
  values: RuleValues;
  /** Field → locale key (with its params) of a refusal, set on submit. */
  errors: Partial<Record<LengthField, { key: string; params?: Record<string, number> }>>;
  serverMessage: string | null;
  savedNotice: boolean;
  /** A password to try against the rule as edited; never sent, never stored. */
  sample: string;
}

export type PasswordRuleEvent =
  | { type: 'FIELD.CHANGE'; field: LengthField; value: string }
  | { type: 'FLAG.TOGGLE'; field: FlagField; checked: boolean }
  | { type: 'SAMPLE.CHANGE'; value: string }
  | { type: 'FORM.SUBMIT' }
  | { type: 'FORM.RESET' }
  | { type: 'FORM.RELOAD' };

const valuesOf = (rule: PasswordRule): RuleValues => ({ ...rule, minLength: String(rule.minLength), maxLength: String(rule.maxLength) });

const WHOLE = /^\s*\d{1,4}\s*$/;

/** The values as a rule, when both lengths are whole numbers; undefined otherwise. */
export function ruleOf(values: RuleValues): PasswordRule | undefined {
  if (!WHOLE.test(values.minLength) || !WHOLE.test(values.maxLength)) return undefined;
  return { ...values, minLength: Number(values.minLength), maxLength: Number(values.maxLength) };
}

/**
 * What keeps the values from being saved, by field. The bounds are the contract's
 * (PASSWORD_LENGTH_FLOOR..PASSWORD_LENGTH_CEILING); "minimum above maximum" is the shared
 * ruleProblems the server applies too, so both sides refuse the same rules.
 */
export function ruleErrors(values: RuleValues): PasswordRuleContext['errors'] {
  const errors: PasswordRuleContext['errors'] = {};
  for (const field of ['minLength', 'maxLength'] as const) {
    if (!WHOLE.test(values[field])) errors[field] = { key: 'admin.passwordRule.error.whole' };
    else if (Number(values[field]) < PASSWORD_LENGTH_FLOOR || Number(values[field]) > PASSWORD_LENGTH_CEILING) {
      errors[field] = { key: 'admin.passwordRule.error.range', params: { floor: PASSWORD_LENGTH_FLOOR, ceiling: PASSWORD_LENGTH_CEILING } };
    }
  }
  const rule = ruleOf(values);
  if (rule && Object.keys(errors).length === 0 && ruleProblems(rule).some((p) => p.key === 'minAboveMax')) {
    errors.minLength = { key: 'admin.passwordRule.error.minAboveMax', params: { min: rule.minLength, max: rule.maxLength } };
  }
  return errors;
}

/** The values differ from the rule loaded or saved last. */
export function isChanged({ rule, values }: Pick<PasswordRuleContext, 'rule' | 'values'>): boolean {
  if (!rule) return false;
  const saved = valuesOf(rule);
  return (Object.keys(saved) as Array<keyof RuleValues>).some((field) => values[field] !== saved[field]);
}

const EMPTY: RuleValues = { minLength: '', maxLength: '', requireUpper: false, requireLower: false, requireDigit: false, requireSymbol: false, forbidUserCode: false };

export const passwordRuleMachine = setup({
  types: { context: {} as PasswordRuleContext, events: {} as PasswordRuleEvent },
  actors: {
    loadRule: fromPromise<PasswordRule>(async () => {
      throw new Error('loadRule not provided');
    }),
    saveRule: fromPromise<PasswordRule, PasswordRule>(async () => {
      throw new Error('saveRule not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(ruleErrors(context.values)).length === 0,
    isChanged: ({ context }) => isChanged(context),
  },
  actions: {
    applyLoaded: assign(({ event }) => {
      const rule = (event as unknown as { output: PasswordRule }).output;
      return { rule, values: valuesOf(rule), errors: {}, serverMessage: null, savedNotice: false };
    }),
    // Nothing is shown as the rule that the server did not just give.
    keepLoadError: assign({ rule: null, serverMessage: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    setLength: assign(({ context, event }) => {
      if (event.type !== 'FIELD.CHANGE') return {};
      // Either length's message may be about the other ("minimum above maximum"): both go.
      return { values: { ...context.values, [event.field]: event.value }, errors: {}, serverMessage: null, savedNotice: false };
    }),
    setFlag: assign(({ context, event }) => {
      if (event.type !== 'FLAG.TOGGLE') return {};
      return { values: { ...context.values, [event.field]: event.checked }, serverMessage: null, savedNotice: false };
    }),
    setSample: assign({ sample: ({ context, event }) => (event.type === 'SAMPLE.CHANGE' ? event.value : context.sample) }),
    revert: assign(({ context }) => (context.rule ? { values: valuesOf(context.rule), errors: {}, serverMessage: null, savedNotice: false } : {})),
    flagInvalid: assign({ errors: ({ context }) => ruleErrors(context.values), savedNotice: false }),
    applySaved: assign(({ event }) => {
      const rule = (event as unknown as { output: PasswordRule }).output;
      return { rule, values: valuesOf(rule), errors: {}, serverMessage: null, savedNotice: true };
    }),
    // What the administrator typed stays; the server's reason shows beside it.
    keepSaveError: assign({ serverMessage: ({ event }) => messageOf((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'passwordRule',
  context: { rule: null, values: EMPTY, errors: {}, serverMessage: null, savedNotice: false, sample: '' },
  initial: 'loading',
  // The sample is never sent: it can be typed whatever the form is doing.
  on: { 'SAMPLE.CHANGE': { actions: 'setSample' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadRule',
        onDone: { target: 'editing', actions: 'applyLoaded' },
        onError: { target: 'failed', actions: 'keepLoadError' },
      },
    },
    failed: {
      on: { 'FORM.RELOAD': 'loading' },
    },
    editing: {
      on: {
        'FIELD.CHANGE': { actions: 'setLength' },
        'FLAG.TOGGLE': { actions: 'setFlag' },
        'FORM.SUBMIT': [{ guard: 'isValid', target: 'saving' }, { actions: 'flagInvalid' }],
        'FORM.RESET': { guard: 'isChanged', actions: 'revert' },
        // Only with nothing unsaved (the view offers undo first): a reload replaces the values.
        'FORM.RELOAD': { guard: not('isChanged'), target: 'loading' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveRule',
        input: ({ context }) => ruleOf(context.values)!,
        onDone: { target: 'editing', actions: 'applySaved' },
        onError: { target: 'editing', actions: 'keepSaveError' },
      },
    },
  },
});
