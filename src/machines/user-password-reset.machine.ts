import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './message-of';

/**
 * An administrator resets a user's password (issue 10 point 3): a question first (the user's
 * sessions will end), then the call, then the new password shown once in the dialog until it
 * is closed, when it is forgotten. The server never stores or mails it in clear, so this
 * dialog is the only place it is ever seen. A refusal stays on the question with its message.
 *
 * The call is the injected actor `resetPassword() → { userCode, password }`, bound by the view
 * to the row's user.
 */
export interface PasswordResetAnswer {
  userCode: string;
  password: string;
}

export interface PasswordResetContext {
  password: string | null;
  userCode: string | null;
  error: string | null;
}

export type PasswordResetEvent = { type: 'DIALOG.OPEN' } | { type: 'DIALOG.CLOSE' } | { type: 'RESET.CONFIRM' };

export const userPasswordResetMachine = setup({
  types: { context: {} as PasswordResetContext, events: {} as PasswordResetEvent },
  actors: {
    resetPassword: fromPromise<PasswordResetAnswer, void>(async () => {
      throw new Error('resetPassword not provided');
    }),
  },
  actions: {
    keepPassword: assign({ password: (_, answer: PasswordResetAnswer) => answer.password, userCode: (_, answer: PasswordResetAnswer) => answer.userCode, error: null }),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    /** Closed: nothing of the password stays in memory. */
    forget: assign({ password: null, userCode: null, error: null }),
  },
}).createMachine({
  id: 'userPasswordReset',
  context: { password: null, userCode: null, error: null },
  initial: 'closed',
  states: {
    closed: { on: { 'DIALOG.OPEN': 'confirming' } },
    confirming: {
      on: {
        'RESET.CONFIRM': 'resetting',
        'DIALOG.CLOSE': { target: 'closed', actions: 'forget' },
      },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        src: 'resetPassword',
        onDone: { target: 'shown', actions: { type: 'keepPassword', params: ({ event }) => event.output } },
        onError: { target: 'confirming', actions: 'keepError' },
      },
    },
    shown: { on: { 'DIALOG.CLOSE': { target: 'closed', actions: 'forget' } } },
  },
});
