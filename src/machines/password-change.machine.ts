import { assign, fromPromise, setup } from 'xstate';
import { withField } from './form-values';
import type { Problem } from './forgot-password.machine';

/**
 * Password change of the logged-in user: old password, new password twice; the new one is
 * checked by the password rule before it is sent (the server checks it again). A refusal
 * keeps every field but the one the server rejected.
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
}

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
    }),
    flag: assign({ problems: (_, key: string) => [{ key }], serverMessage: null }),
    keepProblems: assign({ problems: (_, problems: Problem[]) => problems }),
    keepServerMessage: assign({ serverMessage: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    /** Changed: nothing typed stays in memory. */
    clearValues: assign({ values: empty }),
  },
}).createMachine({
  id: 'passwordChange',
  context: { values: empty, problems: [], serverMessage: null },
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
