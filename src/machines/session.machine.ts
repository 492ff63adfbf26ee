import { assign, fromPromise, setup } from 'xstate';
import { UNAUTHORIZED_PROMPT_DEBOUNCE_MS } from '../shared/constants';
import { ANSWER_CODE as CODE } from '../shared/answer-codes';

/**
 * The session's life as the browser sees it (shell §4, §8).
 *
 * - The shell's start (session info, theme, default menu) is the `startShell` actor, invoked
 *   when index.html finds a stored token, and again after a language switch (the session info
 *   carries the system title in the user's language).
 * - Logging out is the `logout` actor: the `login-out` call goes out while the token is still
 *   stored, so the server ends that session; only then is it forgotten (`endSession`).
 * - A 401 ends it: however many requests fail at once, their 401s are gathered for
 *   UNAUTHORIZED_PROMPT_DEBOUNCE_MS and one prompt appears, saying "expired" (-998) or "logged
 *   in elsewhere" (-997; it wins when both arrive).
 * - Another tab of this browser logged in (`SESSION.USER_CHANGE`): the same user carries on
 *   quietly with the new token; another user ends this tab's view with a prompt, and this tab
 *   leaves without touching the shared storage, which is the other user's now.
 *
 * Effects are all provided (src/services/session.ts): this file is pure.
 */
export interface SessionContext {
  /** The code of the 401 that ends the session: -998 or -997. */
  code: number | null;
  /** How many 401s arrived while the session was ending (they share one prompt). */
  rejections: number;
  /** Whose session this tab acts for, once known. */
  userId: string | null;
  /** What the shell's start answered (the session info); its shape is the caller's. */
  info: unknown;
}

export type SessionEvent =
  | { type: 'SESSION.START' }
  /** A stored session token was found (index.html opens): the shell starts. */
  | { type: 'SESSION.RESTORE'; userId?: string | null }
  /** The login page's login succeeded, for this user. */
  | { type: 'SESSION.STARTED'; userId?: string | null }
  | { type: 'SESSION.FAIL' }
  /** Start the shell again (after a language switch). */
  | { type: 'SESSION.REFRESH' }
  | { type: 'SESSION.REJECT'; code: number }
  | { type: 'SESSION.END' }
  /** Another tab of this browser logged in as this user. */
  | { type: 'SESSION.USER_CHANGE'; userId: string }
  | { type: 'PROMPT.CONFIRM' };

export interface ShellStart {
  userId: string | null;
  info: unknown;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Loads the session info and applies it (theme, default menu): provided by the service. */
    startShell: fromPromise<ShellStart>(async () => {
      throw new Error('startShell not provided');
    }),
    /** The server's end of the session (login-out), sent with the token still stored. */
    logout: fromPromise<void>(async () => {
      throw new Error('logout not provided');
    }),
  },
  guards: {
    isElsewhere: ({ context }) => context.code === CODE.loginElsewhere,
    // Until the tab knows its user (its start is still out), a login elsewhere is taken quietly:
    // the start then answers for whoever the token now belongs to, and the tab shows that.
    isOtherUser: ({ context, event }) => event.type === 'SESSION.USER_CHANGE' && context.userId !== null && event.userId !== context.userId,
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
    keepUser: assign({ userId: ({ event }) => (event.type === 'SESSION.RESTORE' || event.type === 'SESSION.STARTED' ? (event.userId ?? null) : null) }),
    keepShellStart: assign(({ context }, output: ShellStart) => ({ userId: output.userId ?? context.userId, info: output.info })),
    /** Forget everything the session left in this browser: provided by the service. */
    endSession: () => {},
    /** Forget only this tab's part (another user's session now owns the shared storage). */
    leaveTab: () => {},
    /** The same user logged in again in another tab: what this tab held of the old session goes. */
    adoptNewToken: () => {},
    /** Send the top window to the login page, with the route to come back to: provided. */
    goToLogin: () => {},
    /** Send the top window to the plain login page after logging out: provided. */
    showLoginPage: () => {},
  },
  delays: {
    promptDebounce: UNAUTHORIZED_PROMPT_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'session',
  context: { code: null, rejections: 0, userId: null, info: null },
  initial: 'anonymous',
  states: {
    anonymous: {
      on: {
        'SESSION.START': 'authenticating',
        'SESSION.RESTORE': { target: 'authenticated.starting', actions: 'keepUser' },
      },
    },
    authenticating: {
      tags: ['busy'],
      on: {
        'SESSION.STARTED': { target: 'authenticated', actions: 'keepUser' },
        'SESSION.FAIL': 'anonymous',
      },
    },
    authenticated: {
      initial: 'active',
      on: {
        'SESSION.REJECT': { target: 'ending', actions: 'noteRejection' },
        'SESSION.END': 'loggingOut',
        'SESSION.USER_CHANGE': [{ guard: 'isOtherUser', target: 'switched' }, { actions: 'adoptNewToken' }],
      },
      states: {
        starting: {
          tags: ['starting'],
          invoke: {
            src: 'startShell',
            onDone: { target: 'active', actions: { type: 'keepShellStart', params: ({ event }) => event.output } },
            // Not a 401 (that one arrives as SESSION.REJECT): the shell stands with its defaults.
            onError: 'active',
          },
        },
        active: {
          on: { 'SESSION.REFRESH': 'starting' },
        },
      },
    },
    loggingOut: {
      tags: ['busy'],
      // The server's answer does not matter here: the browser forgets the session either way.
      invoke: {
        src: 'logout',
        onDone: { target: 'loggedOut', actions: ['endSession', 'showLoginPage'] },
        onError: { target: 'loggedOut', actions: ['endSession', 'showLoginPage'] },
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
      on: { 'PROMPT.CONFIRM': { target: 'loggedOut', actions: ['endSession', 'goToLogin'] } },
    },
    displaced: {
      tags: ['prompt'],
      on: { 'PROMPT.CONFIRM': { target: 'loggedOut', actions: ['endSession', 'goToLogin'] } },
    },
    switched: {
      tags: ['prompt'],
      on: { 'PROMPT.CONFIRM': { target: 'loggedOut', actions: ['leaveTab', 'goToLogin'] } },
    },
    loggedOut: { type: 'final' },
  },
});
