import { isLanguage } from '../../services/i18n/i18n';
import { afterLoginUrl } from '../../services/http/return-to';
import { httpEvents } from '../../services/http/events';
import { applyTheme } from '../../services/theme';
import { keepLogin, local, type LoginUserInfo } from '../../services/storage';

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
export async function signalled<T>(call: () => Promise<T>): Promise<T> {
  httpEvents.emit('session', { type: 'SESSION.START' });
  try {
    const answer = await call();
    httpEvents.emit('session', { type: 'SESSION.STARTED' });
    return answer;
  } catch (error) {
    httpEvents.emit('session', { type: 'SESSION.FAIL' });
    throw error;
  }
}

/** Keeps what the server granted; called by the login actors as soon as the answer arrives. */
export function keepGrant(grant: LoginGrant): void {
  keepLogin(grant);
  if (isLanguage(grant.lang)) local.set('lang', grant.lang);
  applyTheme({ themeName: grant.loginUserInfo.themeName, navColor: grant.loginUserInfo.navColor });
}

/** Leaves the login page for the app, once the login machine is done. */
export function enterApp(): void {
  window.location.assign(afterLoginUrl());
}
