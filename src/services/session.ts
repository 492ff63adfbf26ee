import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-hash-location';
import { sessionMachine, type ShellStart } from '../machines/session.machine';
import { loginApi } from './api/login';
import type { SessionInfo } from './api/shell';
import { requestToken } from './http/request-token';
import { currentRoute, loginUrl } from './http/return-to';
import { inspect } from './inspector';
import { sessionInfo } from './session-early';
import { local, session } from './storage';
import { applyTheme } from './theme';

/**
 * The page's one session actor (src/machines/session.machine.ts) with its effects: the shell's
 * start, logout, what a session leaves in the browser, and the other tabs of this browser.
 * The request layer's widgets show its prompt; the shell reads its session info.
 */

/** Forgets this tab's part of a session: what the login put in sessionStorage, and the request token. */
function forgetTabSession(): void {
  session.remove('loginUserInfo');
  session.remove('userCert');
  session.remove('certVaild');
  requestToken.clear();
}

/**
 * Everything a session left in this browser, after logout or a refused session alike: the
 * session token, the request token, the user and their certificate state, and the reminder
 * preference that came with the session info. Preferences (language, theme, menu state,
 * search history) stay on this computer.
 */
export function endSession(): void {
  local.remove('sessionKey');
  local.remove('isNoNotify');
  forgetTabSession();
}

/** The shell's start: session info (the one asked for early, the first time), the user kept for this tab, theme and default menu. */
async function startShell(): Promise<ShellStart> {
  const info = await sessionInfo();
  session.set('loginUserInfo', info.loginUserInfo);
  local.set('isNoNotify', info.noNotify);
  applyTheme(info);
  // The default menu opens in place of the home page, once per visit.
  if (window.location.hash.replace(/^#/, '') === '/' && info.defaultMenu?.funcUrl) navigate(info.defaultMenu.funcUrl, { replace: true });
  return { userId: String(info.loginUserInfo.id), info };
}

const topWindow = () => window.top ?? window;

const sessionLogic = sessionMachine.provide({
  actors: {
    startShell: fromPromise(startShell),
    logout: fromPromise(async () => {
      await loginApi.logout();
    }),
  },
  actions: {
    endSession,
    leaveTab: forgetTabSession,
    adoptNewToken: () => requestToken.clear(),
    // Shell §8: the top window goes to the login page, which brings the user back here.
    goToLogin: () => topWindow().location.assign(new URL(loginUrl(currentRoute(window.location)), window.location.href).href),
    showLoginPage: () => topWindow().location.assign(new URL('./login.html#/login', window.location.href).href),
  },
});

let actor: ActorRefFrom<typeof sessionLogic> | null = null;

/** The page's session actor, started on first use. */
export function sessionActor(): ActorRefFrom<typeof sessionLogic> {
  if (!actor) {
    actor = createActor(sessionLogic, { inspect });
    actor.start();
  }
  return actor;
}

/** The session info the shell's start answered, or null before it did. */
export const sessionInfoOf = (snapshot: ReturnType<ActorRefFrom<typeof sessionLogic>['getSnapshot']>) => snapshot.context.info as SessionInfo | null;

/** The user this tab keeps (sessionStorage), as the session machine names users. */
export function storedUserId(): string | null {
  const user = session.get('loginUserInfo');
  return user ? String(user.id) : null;
}

// Tabs of one browser share localStorage, hence the session token: a login in one tab tells
// the others who the token now belongs to.
const CHANNEL = 'portal-session';

/** Called by the login page once a login succeeded and its token is stored. */
export function announceLogin(userId: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: 'login', userId });
  channel.close();
}

/** Feeds other tabs' logins to the session actor; returns the unsubscribe. */
export function watchOtherTabs(): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<{ type?: string; userId?: unknown }>) => {
    if (e.data?.type === 'login' && typeof e.data.userId === 'string') sessionActor().send({ type: 'SESSION.USER_CHANGE', userId: e.data.userId });
  };
  return () => channel.close();
}
