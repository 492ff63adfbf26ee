/**
 * Where the API lives: the directory of the page itself, so a portal served under a path
 * prefix (BASE_PATH=/portal/, docs/deploy.md) calls /portal/api/… with no setting in the
 * browser. '' at the root. Tests and deployments that put the API elsewhere set baseUrl once
 * at start.
 */
function pageDirectory(): string {
  if (typeof window === 'undefined' || !window.location?.href) return '';
  try {
    return new URL('.', window.location.href).pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

export const httpConfig = {
  baseUrl: pageDirectory(),
};
