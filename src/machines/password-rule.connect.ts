import type { SnapshotFrom } from 'xstate';
import { isChanged, ruleErrors, ruleOf, type FlagField, type LengthField, type PasswordRuleEvent, type passwordRuleMachine } from './password-rule.machine';
import { busyButton, busyField, fieldChange, submitProps } from './form.connect';
import { checkPassword } from '../shared/password-rule';

type Snapshot = SnapshotFrom<typeof passwordRuleMachine>;
type Send = (event: PasswordRuleEvent) => void;

/** The password rule page's props from the machine's snapshot; the view only renders them. */
export function connectPasswordRule(snapshot: Snapshot, send: Send, userCode?: string) {
  const busy = snapshot.hasTag('busy');
  const saving = snapshot.matches('saving');
  const { context } = snapshot;
  const changed = isChanged(context);
  const state = snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : saving ? 'saving' : changed ? 'changed' : 'saved';
  // The sample is held to the rule as edited, or to the one saved while the edit could not be saved.
  const rule = context.rule && (Object.keys(ruleErrors(context.values)).length === 0 ? ruleOf(context.values)! : context.rule);
  const sampleProblems = rule && context.sample !== '' ? checkPassword(context.sample, rule, userCode) : [];
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    loaded: context.rule !== null,
    changed,
    serverMessage: context.serverMessage,
    savedNotice: context.savedNotice,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': busy }),
    getFormProps: () => ({ 'data-part': 'form', 'data-state': state, ...submitProps(() => send({ type: 'FORM.SUBMIT' })) }),
    /** A length input; read-only (not disabled) while saving, so the focus stays where Enter was pressed. */
    getLengthProps: (field: LengthField) => {
      const error = context.errors[field] ?? null;
      return {
        'data-part': 'length',
        'data-state': error ? 'invalid' : 'valid',
        name: field,
        value: context.values[field],
        inputMode: 'numeric' as const,
        ...busyField(busy),
        invalid: error !== null,
        error,
        onChange: fieldChange(send, field),
      };
    },
    /** A character-class switch (Chakra's Checkbox.Root). */
    getFlagProps: (field: FlagField) => ({
      'data-part': 'flag',
      'data-state': context.values[field] ? 'checked' : 'unchecked',
      name: field,
      checked: context.values[field],
      readOnly: busy,
      onCheckedChange: (details: { checked: boolean | 'indeterminate' }) => send({ type: 'FLAG.TOGGLE', field, checked: details.checked === true }),
    }),
    /** Busy (spinner, aria-disabled) while saving, never disabled. */
    getSaveProps: () => ({ 'data-part': 'save', 'data-state': saving ? 'saving' : 'idle', type: 'submit' as const, busy: saving, ...busyButton(busy) }),
    /** Back to the rule as saved; aria-disabled while there is nothing to undo, so it keeps the focus. */
    getResetProps: () => ({ 'data-part': 'reset', 'data-state': changed ? 'enabled' : 'idle', type: 'button' as const, ...busyButton(busy || !changed, () => send({ type: 'FORM.RESET' })) }),
    /** Fetches the rule again; aria-disabled while something is unsaved, which it would replace. */
    getReloadProps: () => ({ 'data-part': 'reload', 'data-state': state, ...busyButton(busy || changed, () => send({ type: 'FORM.RELOAD' })) }),
    getSampleProps: () => ({
      'data-part': 'sample',
      'data-state': context.sample === '' ? 'empty' : sampleProblems.length ? 'refused' : 'accepted',
      name: 'sample',
      value: context.sample,
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'SAMPLE.CHANGE', value: e.currentTarget.value }),
    }),
    /** The sample's problems under the rule as edited (the common-password list is the server's: not checked here). */
    sampleProblems: sampleProblems.map((p) => ({ key: `global.passwordRule.${p.key}`, params: p.params })),
    sampleAccepted: context.sample !== '' && rule !== null && sampleProblems.length === 0,
  };
}

export type PasswordRuleApi = ReturnType<typeof connectPasswordRule>;
