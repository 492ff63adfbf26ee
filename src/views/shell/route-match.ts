import { matchRoute, useRouter } from 'wouter';
import { loadModules } from '../../services/i18n/i18n';
import type { Language } from '../../shared/constants';
import { APP_ROUTES, type RouteDef } from '../routes';

/** The route definition `path` opens, if it is one of ours. */
export function useRouteAt(path: string): RouteDef | undefined {
  const router = useRouter();
  return APP_ROUTES.find((r) => matchRoute(router.parser, r.path, path)[0]);
}

/**
 * Asks for the page a hash path opens (its code and its locale modules) as index.html starts,
 * so they arrive while the shell itself loads and finds the session, instead of after: the
 * home page's heading, its largest paint, waited for the shell, then the page's chunk, then its
 * messages, three round trips in a row (issue 16). The shell's own lazy imports then find them
 * loaded. Only a route written as the path itself (no parameters: the router's pattern parser
 * is not at hand before React starts); a failure is left to the shell, which asks again.
 */
export function prefetchRouteAt(path: string, lang: Language): void {
  const route = APP_ROUTES.find((r) => r.path === path);
  if (!route) return;
  route.load().catch(() => undefined);
  if (route.modules?.length) loadModules(lang, [...route.modules]).catch(() => undefined);
}
