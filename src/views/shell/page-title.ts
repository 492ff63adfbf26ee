/**
 * The browser title on each route (shell §2): the system title, then '-' and the route's
 * title when it has one.
 */
export function pageTitle(systemTitle: string, routeTitle?: string | null): string {
  return routeTitle ? `${systemTitle}-${routeTitle}` : systemTitle;
}
