import { HEADERS, PORTAL_BUILD_META } from '../../shared/constants';
import { httpEvents } from './events';

/**
 * Whether the server now serves another build than this page's (server/plugins/build-version.ts):
 * read from every answer's header, against the page's own <meta>; said once a page, as the
 * `newVersion` event (the request layer offers a reload). A page without the meta (served by the
 * development server, or a test's) never says it.
 */
let pageBuild: string | null | undefined;
let told = false;

export function noteServedBuild(response: Pick<Response, 'headers'>): void {
  if (told) return;
  const served = response.headers.get(HEADERS.portalBuild);
  if (!served) return;
  pageBuild ??= typeof document === 'undefined' ? null : (document.querySelector(`meta[name="${PORTAL_BUILD_META}"]`)?.getAttribute('content') ?? null);
  if (!pageBuild || served === pageBuild) return;
  told = true;
  httpEvents.emit('newVersion', { served });
}

/** Tests: forget the page's build and whether it was told. */
export function resetServedBuild(): void {
  pageBuild = undefined;
  told = false;
}
