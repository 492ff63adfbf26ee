import { HEADERS } from '../../shared/constants';
import { initialLanguage } from '../i18n/initial-language';
import { local } from '../storage';

/**
 * The headers every call carries (shell §3): the language, the session token and the cluster
 * number, from the browser's storage. On their own, without the request layer, because index.html's
 * first paint (services/home-first-paint.ts) asks for the session info with them before the app's
 * code has run, and the app takes that answer as its own (RequestOptions.asked).
 */
/** The language a call names: the stored one as it is, else the page's. */
export const requestLanguage = (): string => local.get('lang') ?? initialLanguage();

export function requestHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { [HEADERS.lang]: requestLanguage(), ...extra };
  const token = local.get('sessionKey');
  if (token) headers[HEADERS.jwtToken] = token;
  const cluster = local.get('clusterNo');
  if (cluster) headers[HEADERS.clusterNo] = cluster;
  return headers;
}
