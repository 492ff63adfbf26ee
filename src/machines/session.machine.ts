import { assign, setup } from 'xstate';
import { UNAUTHORIZED_PROMPT_DEBOUNCE_MS } from '../shared/constants';
import { CODE } from '../shared/codes';

/**
 * The session's life as the browser sees it (shell §4, §8). A 401 ends it: however many
 * requests fail at once, their 401s are gathered for UNAUTHORIZED_PROMPT_DEBOUNCE_MS and one
 * prompt appears, saying "expired" (-998) or "logged in elsewhere" (-997; it wins when both
 * arrive). Confirming sends the top window to the login page (the `goToLogin` action, provided
 * by the widget with the route to come back to). Effects are all provided: this file is pure.
 */
export interface SessionContext {
  /** The code of the 401 that ends the session: -998 or -997. */
  code: number | null;
  /** How many 401s arrived while the session was ending (they share one prompt). */
  rejections: number;
}

export type SessionEvent =
  | { type: 'SESSION.START' }
  /** A stored session token was found (index.html opens): the session goes on. */
  | { type: 'SESSION.RESTORE' }
  | { type: 'SESSION.STARTED' }
  | { type: 'SESSION.FAIL' }
  | { type: 'SESSION.REJECT'; code: number }
  | { type: 'SESSION.END' }
  | { type: 'PROMPT.CONFIRM' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  guards: {
    isElsewhere: ({ context }) => context.code === CODE.loginElsewhere,
  },
  actions: {
    noteRejection: assign({
      code: ({ context, event }) => {
        const code = event.type === 'SESSION.REJECT' ? event.code : CODE.loginExpired;
        // -997 says more than -998 (the session did not just time out): keep it when both come.
        return context.code === CODE.loginElsewhere ? context.code : code === CODE.loginElsewhere ? code : CODE.loginExpired;
      },
      rejections: ({ context }) => context.rejections + 1,
    }),
    /** Forget the stored session (token, user info): provided by the widget. */
    forgetSession: () => {},
    /** Send the top window to the login page: provided by the widget. */
    goToLogin: () => {},
  },
  delays: {
    promptDebounce: UNAUTHORIZED_PROMPT_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'session',
  context: { code: null, rejections: 0 },
  initial: 'anonymous',
  states: {
    anonymous: {
      on: { 'SESSION.START': 'authenticating', 'SESSION.RESTORE': 'authenticated' },
    },
    authenticating: {
      tags: ['busy'],
      on: {
        'SESSION.STARTED': 'authenticated',
        'SESSION.FAIL': 'anonymous',
      },
    },
    authenticated: {
      on: {
        'SESSION.REJECT': { target: 'ending', actions: 'noteRejection' },
        'SESSION.END': { target: 'loggedOut', actions: 'forgetSession' },
      },
    },
    ending: {
      // The debounce: more 401s only add up; the prompt comes once, after the window.
      on: { 'SESSION.REJECT': { actions: 'noteRejection' } },
      after: {
        promptDebounce: [{ guard: 'isElsewhere', target: 'displaced' }, { target: 'expired' }],
      },
    },
    // The stored session is forgotten only on confirmation: until then the page stays as it
    // is behind the prompt (a route guard seeing no token would leave before the user read it).
    expired: {
      tags: ['prompt'],
      on: { 'PROMPT.CONFIRM': { target: 'loggedOut', actions: ['forgetSession', 'goToLogin'] } },
    },
    displaced: {
      tags: ['prompt'],
      on: { 'PROMPT.CONFIRM': { target: 'loggedOut', actions: ['forgetSession', 'goToLogin'] } },
    },
    loggedOut: { type: 'final' },
  },
});
