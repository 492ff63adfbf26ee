import { matchRoute, useRouter } from 'wouter';
import { APP_ROUTES, type RouteDef } from '../routes';

/** The route definition `path` opens, if it is one of ours. */
export function useRouteAt(path: string, routes: readonly RouteDef[] = APP_ROUTES): RouteDef | undefined {
  const router = useRouter();
  return routes.find((r) => matchRoute(router.parser, r.path, path)[0]);
}
