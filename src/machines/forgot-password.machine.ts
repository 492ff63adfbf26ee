import { assign, fromPromise, setup } from 'xstate';
import { withField } from './form-values';
import { messageOf as message } from './message-of';

/**
 * Forgot password: send an identify code to the user's address → validate the code (the
 * server answers with a one-time reset ticket) → set a new password the password rule
 * accepts → done, back to login. Whatever the user typed survives every refusal. Calls and
 * the rule check are actors provided by the view.
 */
export interface ForgotValues {
  userCode: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/** A locale key and its parameters: how the password rule explains a refusal. */
export interface Problem {
  key: string;
  params?: Record<string, unknown>;
}

export interface ForgotContext {
  values: ForgotValues;
  resetTicket: string | null;
  problems: Problem[];
  serverMessage: string | null;
}

export type ForgotEvent =
  | { type: 'FIELD.CHANGE'; field: keyof ForgotValues; value: string }
  | { type: 'CODE.SEND' }
  | { type: 'CODE.RESEND' }
  | { type: 'CODE.VALIDATE' }
  | { type: 'PASSWORD.SUBMIT' }
  | { type: 'FLOW.BACK' };

export const forgotPasswordMachine = setup({
  types: { context: {} as ForgotContext, events: {} as ForgotEvent },
  actors: {
    sendCode: fromPromise<void, { userCode: string }>(async () => {
      throw new Error('sendCode not provided');
    }),
    validateCode: fromPromise<{ resetTicket: string }, { userCode: string; code: string }>(async () => {
      throw new Error('validateCode not provided');
    }),
    checkRule: fromPromise<Problem[], { userCode: string; password: string }>(async () => {
      throw new Error('checkRule not provided');
    }),
    modifyPassword: fromPromise<void, { userCode: string; resetTicket: string; newPassword: string }>(async () => {
      throw new Error('modifyPassword not provided');
    }),
  },
  guards: {
    hasUserCode: ({ context }) => context.values.userCode.trim() !== '',
    hasCode: ({ context }) => context.values.code.trim() !== '',
    passwordsAgree: ({ context }) => context.values.newPassword !== '' && context.values.newPassword === context.values.confirmPassword,
    ruleAccepts: (_, problems: Problem[]) => problems.length === 0,
  },
  actions: {
    setField: assign({
      values: ({ context, event }) => withField(context.values, event),
      problems: [],
      serverMessage: null,
    }),
    clearMessages: assign({ problems: [], serverMessage: null }),
    keepServerMessage: assign({ serverMessage: ({ event }) => message((event as { error?: unknown }).error) }),
    flag: assign({ problems: (_, key: string) => [{ key }], serverMessage: null }),
    keepResetTicket: assign({ resetTicket: (_, ticket: string) => ticket }),
    keepProblems: assign({ problems: (_, problems: Problem[]) => problems }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { values: { userCode: '', code: '', newPassword: '', confirmPassword: '' }, resetTicket: null, problems: [], serverMessage: null },
  initial: 'identifying',
  on: { 'FIELD.CHANGE': { actions: 'setField' } },
  states: {
    identifying: {
      on: {
        'CODE.SEND': [{ guard: 'hasUserCode', target: 'sendingCode' }, { actions: { type: 'flag', params: 'login.forgot.error.userCode' } }],
      },
    },
    sendingCode: {
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ userCode: context.values.userCode.trim() }),
        onDone: 'verifying',
        onError: { target: 'identifying', actions: 'keepServerMessage' },
      },
    },
    verifying: {
      on: {
        'CODE.VALIDATE': [{ guard: 'hasCode', target: 'validatingCode' }, { actions: { type: 'flag', params: 'login.forgot.error.code' } }],
        'CODE.RESEND': 'sendingCode',
        'FLOW.BACK': { target: 'identifying', actions: 'clearMessages' },
      },
    },
    validatingCode: {
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        src: 'validateCode',
        input: ({ context }) => ({ userCode: context.values.userCode.trim(), code: context.values.code.trim() }),
        onDone: { target: 'choosing', actions: { type: 'keepResetTicket', params: ({ event }) => event.output.resetTicket } },
        onError: { target: 'verifying', actions: 'keepServerMessage' },
      },
    },
    choosing: {
      on: {
        'PASSWORD.SUBMIT': [{ guard: 'passwordsAgree', target: 'checking' }, { actions: { type: 'flag', params: 'login.forgot.error.mismatch' } }],
      },
    },
    checking: {
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        src: 'checkRule',
        input: ({ context }) => ({ userCode: context.values.userCode.trim(), password: context.values.newPassword }),
        onDone: [
          { guard: { type: 'ruleAccepts', params: ({ event }) => event.output }, target: 'saving' },
          { target: 'choosing', actions: { type: 'keepProblems', params: ({ event }) => event.output } },
        ],
        onError: { target: 'choosing', actions: 'keepServerMessage' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'modifyPassword',
        input: ({ context }) => ({ userCode: context.values.userCode.trim(), resetTicket: context.resetTicket!, newPassword: context.values.newPassword }),
        onDone: 'done',
        onError: { target: 'choosing', actions: 'keepServerMessage' },
      },
    },
    done: { type: 'final' },
  },
});
