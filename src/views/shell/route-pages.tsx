import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteDef } from '../routes';

/** One lazy component per route definition, made once. */
const pages = new Map<RouteDef, LazyExoticComponent<ComponentType<any>>>();
export function pageOf(route: RouteDef) {
  let page = pages.get(route);
  if (!page) pages.set(route, (page = lazy(route.load)));
  return page;
}

/**
 * Forgets a route's page so the next `pageOf` imports it anew: React.lazy keeps a rejected
 * import for good, so after a chunk failed to load only a fresh lazy component asks for it
 * again (the bundler's chunk loader retries a chunk whose request failed).
 */
export function forgetPage(route: RouteDef) {
  pages.delete(route);
}
