import { assign, fromPromise, setup } from 'xstate';
import { withField } from './form-values';
import type { Problem } from './forgot-password.machine';
import { CODE } from '../shared/codes';
import { messageOf } from './message-of';

/**
 * Password change of the logged-in user: old password, new password twice; the new one is
 * checked by the password rule before it is sent (the server checks it again). A refusal
 * keeps every field as typed and marks the one the server rejected (`serverField`, from the
 * refusal's code): the current password when it is wrong, the new one when the rule or the
 * "unchanged" check refuses it, none when the refusal names no field (the network).
 */
export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface PasswordChangeContext {
  values: PasswordChangeValues;
  problems: Problem[];
  serverMessage: string | null;
  /** The field the server's refusal is about, or null. */
  serverField: keyof PasswordChangeValues | null;
}

/** Which field a refusal's business code (ApiError's `code`) is about. */
const FIELD_OF_CODE: Partial<Record<number, keyof PasswordChangeValues>> = {
  [CODE.wrongOldPassword]: 'oldPassword',
  [CODE.passwordRuleViolated]: 'newPassword',
  [CODE.passwordUnchanged]: 'newPassword',
};

export type PasswordChangeEvent =
  | { type: 'FIELD.CHANGE'; field: keyof PasswordChangeValues; value: string }
  | { type: 'FORM.SUBMIT' }
  | { type: 'FORM.RESET' };

const empty: PasswordChangeValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

export const passwordChangeMachine = setup({
  types: { context: {} as PasswordChangeContext, events: {} as PasswordChangeEvent },
  actors: {
    checkRule: fromPromise<Problem[], { password: string }>(async () => {
      throw new Error('checkRule not provided');
    }),
    changePassword: fromPromise<void, { oldPassword: string; newPassword: string }>(async () => {
      throw new Error('changePassword not provided');
    }),
  },
  guards: {
    isComplete: ({ context }) => context.values.oldPassword !== '' && context.values.newPassword !== '',
    passwordsAgree: ({ context }) => context.values.newPassword === context.values.confirmPassword,
    ruleAccepts: (_, problems: Problem[]) => problems.length === 0,
  },
  actions: {
    setField: assign({
      values: ({ context, event }) => withField(context.values, event),
      problems: [],
      serverMessage: null,
      serverField: null,
    }),
    flag: assign({ problems: (_, key: string) => [{ key }], serverMessage: null, serverField: null }),
    // Each answer replaces what the one before said.
    keepProblems: assign({ problems: (_, problems: Problem[]) => problems, serverMessage: null, serverField: null }),
    keepServerMessage: assign({
      problems: [],
      serverMessage: ({ event }) => messageOf((event as { error?: unknown }).error),
      serverField: ({ event }) => FIELD_OF_CODE[Number(((event as { error?: { code?: unknown } }).error ?? {}).code)] ?? null,
    }),
    /** Changed: nothing typed stays in memory. */
    clearValues: assign({ values: empty }),
  },
}).createMachine({
  id: 'passwordChange',
  context: { values: empty, problems: [], serverMessage: null, serverField: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        'FORM.SUBMIT': [
          { guard: { type: 'isComplete' }, target: 'confirming' },
          { actions: { type: 'flag', params: 'shell.password.error.required' } },
        ],
      },
    },
    confirming: {
      always: [{ guard: 'passwordsAgree', target: 'checking' }, { target: 'editing', actions: { type: 'flag', params: 'shell.password.error.mismatch' } }],
    },
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkRule',
        input: ({ context }) => ({ password: context.values.newPassword }),
        onDone: [
          { guard: { type: 'ruleAccepts', params: ({ event }) => event.output }, target: 'saving' },
          { target: 'editing', actions: { type: 'keepProblems', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing', actions: 'keepServerMessage' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ oldPassword: context.values.oldPassword, newPassword: context.values.newPassword }),
        onDone: { target: 'changed', actions: 'clearValues' },
        onError: { target: 'editing', actions: 'keepServerMessage' },
      },
    },
    changed: { on: { 'FORM.RESET': 'editing' } },
  },
});
