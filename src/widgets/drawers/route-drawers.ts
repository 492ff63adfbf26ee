import { DRAWER_PARAMS } from '../../shared/constants';
import { isDrawerName } from './registry';

/** The open drawers a route's query names, unknown names left out. */
export function drawersFromSearch(search: string): { open: string[]; url: string | null } {
  const params = new URLSearchParams(search);
  const open = (params.get(DRAWER_PARAMS.drawer) ?? '').split(',').filter((n) => n && isDrawerName(n));
  return { open: [...new Set(open)], url: params.get(DRAWER_PARAMS.url) };
}

/** The route with its drawers written in its query (an empty query when none is open). */
export function routeWithDrawers(path: string, open: string[], url: string | null): string {
  const params = new URLSearchParams();
  if (open.length > 0) params.set(DRAWER_PARAMS.drawer, open.join(','));
  if (open.length > 0 && url) params.set(DRAWER_PARAMS.url, url);
  return `${path}?${params}`;
}
