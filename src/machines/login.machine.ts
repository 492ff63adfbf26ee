import { assign, fromPromise, setup } from 'xstate';
import { withField } from './form-values';

/**
 * Password login: the user edits the two fields, submits, and either is logged in or sees
 * why not with what they typed kept. The call itself is the `submitLogin` actor, provided by
 * the view (services/api), so this file stays pure.
 */
export interface LoginValues {
  userCode: string;
  password: string;
}

export interface LoginContext {
  values: LoginValues;
  /** A locale key for a client-side refusal, or null. */
  errorKey: string | null;
  /** A message already localised by the server, or null. */
  serverMessage: string | null;
  result: LoginResult | null;
}

export type LoginEvent =
  | { type: 'FIELD.CHANGE'; field: keyof LoginValues; value: string }
  | { type: 'FORM.SUBMIT' };

export interface LoginResult {
  token: string;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as LoginResult,
  },
  actors: {
    submitLogin: fromPromise<LoginResult, LoginValues>(async () => {
      throw new Error('submitLogin not provided');
    }),
  },
  guards: {
    isComplete: ({ context }) => context.values.userCode.trim() !== '' && context.values.password !== '',
  },
  actions: {
    setField: assign({
      values: ({ context, event }) => withField(context.values, event),
      errorKey: null,
      serverMessage: null,
    }),
    keepResult: assign({ result: (_, result: LoginResult) => result }),
    flagIncomplete: assign({ errorKey: 'login.error.required', serverMessage: null }),
    keepServerMessage: assign({
      serverMessage: ({ event }) => {
        const error = (event as { error?: unknown }).error;
        return error instanceof Error ? error.message : String(error);
      },
    }),
    /**
     * Injected: a refused attempt puts the keyboard in the password, what was typed kept and
     * selected, so typing replaces it (the spec clears nothing).
     */
    focusPassword: () => {},
  },
}).createMachine({
  id: 'login',
  context: { values: { userCode: '', password: '' }, errorKey: null, serverMessage: null, result: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        'FORM.SUBMIT': [{ guard: 'isComplete', target: 'submitting' }, { actions: 'flagIncomplete' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submitLogin',
        input: ({ context }) => context.values,
        onDone: { target: 'loggedIn', actions: { type: 'keepResult', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: ['keepServerMessage', 'focusPassword'] },
      },
    },
    loggedIn: { type: 'final' },
  },
  output: ({ context }) => context.result as LoginResult,
});
