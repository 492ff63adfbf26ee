import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteDef } from '../routes';

/** One lazy component per route definition, made once. */
const pages = new Map<RouteDef, LazyExoticComponent<ComponentType<any>>>();
export function pageOf(route: RouteDef) {
  let page = pages.get(route);
  if (!page) pages.set(route, (page = lazy(route.load)));
  return page;
}
