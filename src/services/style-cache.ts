import createCache from '@emotion/cache';

/**
 * Emotion's style cache, carrying the page's CSP nonce. Chakra's styles are <style> elements
 * Emotion inserts at run time; the Content-Security-Policy admits only styles from our own
 * files or carrying the nonce the server put in this answer's page (server/plugins/headers.ts),
 * so no 'unsafe-inline' is needed. A page served without one (a development server) keeps the
 * placeholder, which is not a nonce and is left out.
 */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** The nonce the server put in this page for its styles (also for styles the app inserts itself: a diagram's). */
export function pageNonce(): string | undefined {
  const content = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content && content !== NONCE_PLACEHOLDER ? content : undefined;
}

export const styleCache = createCache({ key: 'css', nonce: pageNonce() });
