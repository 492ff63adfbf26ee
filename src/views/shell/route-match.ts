import { matchRoute, useRouter } from 'wouter';
import { APP_ROUTES, type RouteDef } from '../routes';

/** The route definition `path` opens, if it is one of ours. */
export function useRouteAt(path: string): RouteDef | undefined {
  const router = useRouter();
  return APP_ROUTES.find((r) => matchRoute(router.parser, r.path, path)[0]);
}
