import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CERT_AGENT_PORTS, CERT_TOOLKIT_PORT } from '../../src/shared/constants';

/**
 * The security headers of every answer (docs/security.md, "Headers and content security
 * policy"): a strict Content-Security-Policy, X-Frame-Options DENY, Referrer-Policy
 * no-referrer, nosniff (helmet); Cache-Control no-store on every /api answer, so no browser or
 * proxy keeps a session's data (the outbox holds reset codes); HSTS only over TLS.
 *
 * The pages (login.html, index.html) are answered here, not by the static files: each answer
 * carries a fresh nonce, in the page for Emotion (Chakra's styles are <style> elements
 * inserted at run time) and in the policy's style-src, so no 'unsafe-inline' is needed.
 */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';
/** A year, the usual HSTS lifetime once TLS is known to work. */
const HSTS = 'max-age=31536000; includeSubDomains';

export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  // Only the build's own script files: no inline script, no eval.
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // The QR-code login's image is a data: URL; the previewer shows an image from the bytes it
  // fetched with the session header, as a blob: URL (no token in any address; docs/previewer.md).
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  // The certificate login and confirmation call the user's own local agent (HTTPS on the spec's
  // ports) and toolkit service (HTTP on 9655), both on loopback only (shell §7): those exact
  // addresses, nothing wider.
  'connect-src': ["'self'", ...CERT_AGENT_PORTS.map((port) => `https://127.0.0.1:${port}`), `http://127.0.0.1:${CERT_TOOLKIT_PORT}`],
  // The iframe drawer embeds other systems' pages (http or https, as IframePanel accepts).
  'frame-src': ["'self'", 'http:', 'https:'],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

export const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/**
 * The guest pages an edit form embeds (docs/embedded-pages.md): framed by this site's own pages
 * only (`frame-ancestors 'self'`, X-Frame-Options SAMEORIGIN). Every other page stays unframeable.
 */
export const EMBEDDABLE_PAGES: ReadonlySet<string> = new Set(['embedded-remarks.html']);

/**
 * What another area adds to a page as it is answered: tags for its <head>, and markup the browser
 * paints before the page's script has run (the login page's card and logos, issue 16), put first
 * in its <body>. That area's knowledge, so it registers them with `addPageParts` instead of this
 * plugin knowing every page. A part that fails is left out; the page is answered all the same.
 * `NONCE_PLACEHOLDER` in a part becomes the answer's style nonce, as in the page itself.
 */
export interface PageParts {
  head?: string[];
  firstPaint?: string;
}
export type PagePartsOf = (request: FastifyRequest) => Promise<PageParts>;

declare module 'fastify' {
  interface FastifyInstance {
    pageParts: Map<string, PagePartsOf[]>;
  }
}

export function addPageParts(app: FastifyInstance, page: string, parts: PagePartsOf): void {
  app.pageParts.set(page, [...(app.pageParts.get(page) ?? []), parts]);
}

/** An attribute's value as HTML text. */
export const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export const pagePolicy = (nonce: string, embeddable = false) =>
  policy({ ...CSP_DIRECTIVES, 'style-src': [...CSP_DIRECTIVES['style-src']!, `'nonce-${nonce}'`], ...(embeddable ? { 'frame-ancestors': ["'self'"] } : {}) });

export default fp(async function headers(app: FastifyInstance, { staticDir }: { staticDir: string }) {
  // helmet's middleware, made once: @fastify/helmet makes it anew on every request (its options
  // merged, its CSP string rebuilt), some 60 µs a request under load (issue 16, bench/README.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below, and only when the request came over TLS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    // request.protocol believes X-Forwarded-Proto only from a TRUST_PROXY address.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });

  app.decorate('pageParts', new Map<string, PagePartsOf[]>());
  if (!fs.existsSync(staticDir)) return;
  for (const file of fs.readdirSync(staticDir).filter((f) => f.endsWith('.html'))) {
    const embeddable = EMBEDDABLE_PAGES.has(file);
    app.get(`/${file}`, async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const parts = await Promise.all(
        (app.pageParts.get(file) ?? []).map((partsOf) =>
          partsOf(request).catch((error: unknown): PageParts => {
            request.log.warn({ err: error }, 'page part failed');
            return {};
          }),
        ),
      );
      const head = parts.flatMap((part) => part.head ?? []).join('');
      const firstPaint = parts.map((part) => part.firstPaint ?? '').join('');
      const html = (await fs.promises.readFile(path.join(staticDir, file), 'utf8')).replace('</head>', `${head}</head>`).replace('<body>', `<body>${firstPaint}`);
      if (embeddable) reply.header('X-Frame-Options', 'SAMEORIGIN');
      return reply
        .header('Content-Security-Policy', pagePolicy(nonce, embeddable))
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html.replaceAll(NONCE_PLACEHOLDER, nonce));
    });
  }
});
