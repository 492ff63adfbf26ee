/**
 * Where the API lives. Empty: the page's own origin (the portal serves both). Tests and
 * deployments that put the API elsewhere set baseUrl once at start.
 */
export const httpConfig = {
  baseUrl: '',
};
