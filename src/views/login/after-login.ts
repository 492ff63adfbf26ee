import { isLanguage } from '../../services/i18n/i18n';
import { afterLoginUrl } from '../../services/http/return-to';
import { httpEvents } from '../../services/http/events';
import { applyTheme } from '../../services/theme';
import { keepLogin, local, type LoginUserInfo } from '../../services/storage';
import { shellApi } from '../../services/api/shell';
import { announceLogin } from '../../services/session';

/**
 * What every way of logging in does once the server said yes: keep the session, take the
 * user's saved language and theme, and open the app where the user was going (the route
 * guard and the 401 prompt pass it in the login address, services/http/return-to), else home.
 */
export interface LoginGrant {
  JwtToken: string;
  lang?: string;
  loginUserInfo: LoginUserInfo;
}

/**
 * Runs one login call, telling the request layer's session machine it started, then succeeded
 * or failed (docs/request-layer.md, session signals).
 */
export async function signalled<T extends { loginUserInfo?: { id: number } }>(call: () => Promise<T>): Promise<T> {
  httpEvents.emit('session', { type: 'SESSION.START' });
  try {
    const answer = await call();
    httpEvents.emit('session', { type: 'SESSION.STARTED', userId: answer.loginUserInfo ? String(answer.loginUserInfo.id) : null });
    return answer;
  } catch (error) {
    httpEvents.emit('session', { type: 'SESSION.FAIL' });
    throw error;
  }
}

/**
 * Keeps what the server granted; called by the login actors as soon as the answer arrives.
 * The language the login page shows (one chosen there, or remembered on this computer) is
 * the one the user gets, and it is saved on the user; with none, the user's saved one applies.
 * Other tabs of this browser learn whose session the shared token now is.
 */
export async function keepGrant(grant: LoginGrant): Promise<void> {
  keepLogin(grant);
  announceLogin(String(grant.loginUserInfo.id));
  applyTheme({ themeName: grant.loginUserInfo.themeName, navColor: grant.loginUserInfo.navColor });
  const shown = local.get('lang');
  if (!isLanguage(shown)) {
    if (isLanguage(grant.lang)) local.set('lang', grant.lang);
  } else if (shown !== grant.lang) {
    // Not saved is not fatal: this computer still shows the chosen language.
    await shellApi.setLanguage(shown).catch(() => undefined);
  }
}

/** Leaves the login page for the app, once the login machine is done. */
export function enterApp(): void {
  window.location.assign(afterLoginUrl());
}
