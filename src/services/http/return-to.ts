/**
 * Where the login page sends the user back to. The 401 prompt sends the top window to
 * `login.html?redirect=<route>#/login`: the hash route stays `#/login` (shell §2) and the
 * route the user was on rides in the query. Only an app route (`/…`, not `//…`) is honoured,
 * so the parameter cannot send anyone to another site.
 */
export const RETURN_PARAM = 'redirect';
const HOME_ROUTE = '/';

const isAppRoute = (route: string | null): route is string => !!route && route.startsWith('/') && !route.startsWith('//') && !/[\s\\]/.test(route);

/** The login page's address, remembering `route` (the current hash route by default). */
export function loginUrl(route: string | null = currentRoute()): string {
  const query = isAppRoute(route) && route !== HOME_ROUTE ? `?${RETURN_PARAM}=${encodeURIComponent(route)}` : '';
  return `./login.html${query}#/login`;
}

/** The hash route of index.html the user is on, e.g. '/profile'. */
export function currentRoute(location: Pick<Location, 'hash' | 'pathname'> = window.location): string | null {
  if (!/index\.html$|\/$/.test(location.pathname)) return null;
  return location.hash.replace(/^#/, '') || HOME_ROUTE;
}

/** For the login page: where to go after a successful login. */
export function afterLoginUrl(search: string = window.location.search): string {
  const route = new URLSearchParams(search).get(RETURN_PARAM);
  return `./index.html#${isAppRoute(route) ? route : HOME_ROUTE}`;
}
