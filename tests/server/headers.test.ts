import { HEADERS } from '../../src/shared/constants';
import { envelopeKeyPair } from '../../src/shared/envelope';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { availableBackends, tempDir } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';
import { addPageParts } from '../../server/plugins/headers';
import { FIRST_PAINT_ID } from '../../src/shared/constants';

/**
 * The headers of every answer (docs/security.md): a strict CSP with a fresh style nonce on the
 * pages, X-Frame-Options DENY, Referrer-Policy no-referrer and nosniff everywhere,
 * Cache-Control no-store on every API answer, HSTS only over TLS.
 */
const PAGE = '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><script defer src="assets/index.0123456789.js"></script></head><body></body></html>';

function staticDir() {
  const dir = tempDir('static');
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), PAGE);
  fs.writeFileSync(path.join(dir, 'login.html'), PAGE);
  fs.writeFileSync(path.join(dir, 'assets', 'index.0123456789.js'), 'console.log(1)');
  return dir;
}

const expectCommonHeaders = (headers: Record<string, unknown>) => {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toBeUndefined();
  const csp = String(headers['content-security-policy']);
  for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  // The browser may reach the local certificate agent and toolkit on loopback, and nothing else.
  const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  expect(connect).toEqual(expect.arrayContaining(["'self'", 'https://127.0.0.1:63451', 'https://127.0.0.1:47101', 'http://127.0.0.1:9655']));
  for (const source of connect) expect(source).toMatch(/^('self'|https?:\/\/127\.0\.0\.1:\d+)$/);
};

describe.each(availableBackends())('security headers on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // A part that fails (its database call, say) must not cost the page.
    t = await startTestApp(backend, { staticDir: staticDir() }, (app) =>
      addPageParts(app, 'index.html', async () => {
        throw new Error('no part today');
      }),
    );
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('a page: the common headers, and a fresh nonce in both its style-src and the page', async () => {
    const nonces = [];
    for (const url of ['/index.html', '/login.html', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectCommonHeaders(res.headers);
      const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]{22,})'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toBeDefined();
      expect(res.body).toContain(`<meta name="csp-nonce" content="${nonce}">`);
      expect(res.body).not.toContain('__CSP_NONCE__');
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('login.html comes with its card painted: the logos the login page shows, styled under the answer\'s nonce; the other pages without', async () => {
    const params = await t.get('/api/fsmc/common/query-sys-param-set/-by-/login-page');
    const logos = params.body.data.logoFiles as Array<{ url: string; originalFileName: string }>;
    expect(logos.length).toBeGreaterThan(0);
    const login = await t.app.inject({ method: 'GET', url: '/login.html' });
    const nonce = /'nonce-([^']+)'/.exec(String(login.headers['content-security-policy']))?.[1];
    const head = login.body.slice(0, login.body.indexOf('</head>'));
    expect(head).toContain(`<style nonce="${nonce}">#${FIRST_PAINT_ID}{`);
    // The painted card is the body's first element, before the app's root.
    const body = login.body.slice(login.body.indexOf('<body>') + '<body>'.length);
    expect(body.startsWith(`<div id="${FIRST_PAINT_ID}" aria-hidden="true">`)).toBe(true);
    const images = [...body.matchAll(/<img src="([^"]+)" alt="([^"]*)"/g)].map((m) => ({ url: m[1]!.replace(/&amp;/g, '&'), originalFileName: m[2]!.replace(/&amp;/g, '&') }));
    expect(images).toEqual(logos.map(({ url, originalFileName }) => ({ url, originalFileName })));
    // The policy allows no style attribute: the card is styled by classes alone.
    expect(body).not.toContain(' style=');
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.body).not.toContain('<img');
  });

  it('index.html comes with the home page\'s frame and greeting, hidden, the words of both languages with it, styled under the answer\'s nonce; a part that fails costs nothing else', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(String(index.headers['content-security-policy']))?.[1];
    const head = index.body.slice(0, index.body.indexOf('</head>'));
    expect(head).toContain(`<style nonce="${nonce}">#${FIRST_PAINT_ID}{`);
    const body = index.body.slice(index.body.indexOf('<body>') + '<body>'.length);
    // Hidden until the page's first script has the user's name (src/services/home-first-paint.ts).
    const frame = new RegExp(`^<div id="${FIRST_PAINT_ID}" hidden aria-hidden="true" data-welcome-zh-cn="([^"]*)" data-welcome-en-us="([^"]*)">`).exec(body);
    expect(frame?.slice(1)).toEqual(['欢迎，{{name}}', 'Welcome, {{name}}']);
    expect(body).toContain('<h1 data-part="greeting"></h1>');
    expect(body).not.toContain(' style=');
    // The part registered to fail (beforeAll) is left out; the page and its other parts answer.
    expect(body).toMatch(/<\/h1><\/div><\/div><\/div><\/body>/);
  });

  it('the painted card takes a logo\'s name as text, never as markup', async () => {
    const { loginFirstPaint } = await import('../../server/pages/login-first-paint');
    const parts = loginFirstPaint([{ url: 'api/x?id=1&b="2"', originalFileName: '"><script>alert(1)</script>' }]);
    expect(parts.firstPaint).not.toContain('<script>');
    expect(parts.firstPaint).toContain('src="api/x?id=1&amp;b=&quot;2&quot;"');
    expect(parts.firstPaint).toContain('alt="&quot;>&lt;script>alert(1)&lt;/script>"');
  });

  it('an asset: the common headers, and still cached for good', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index.0123456789.js' });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('every API answer: the common headers and Cache-Control no-store (the outbox holds reset codes)', async () => {
    const admin = await t.login(DEMO.admin);
    const answers = [
      await t.get('/api/fsmc/login/encrypt-key', undefined, { headers: { [HEADERS.envelopeClientKey]: envelopeKeyPair().publicKey } }),
      await t.post('/api/fsmc/system/outbox/query', { start: 1, limit: 10 }, { token: admin }),
      await t.post('/api/fsmc/system/outbox/query', { start: 1, limit: 10 }),
      await t.post('/api/fsmc/no/such/call', {}, { raw: true }),
      await t.post('/api/fsmc/login/login', { userCode: 'admin' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 400]);
    for (const a of answers) {
      expectCommonHeaders(a.headers);
      expect(a.headers['cache-control']).toBe('no-store');
    }
  });

  it('HSTS only when the request came over TLS, as told by a trusted proxy', async () => {
    const headers = { 'x-forwarded-proto': 'https' };
    // Not a trusted proxy: X-Forwarded-Proto is not believed.
    const untrusted = await t.app.inject({ method: 'GET', url: '/api/fsmc/login/encrypt-key', headers });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await startTestApp(backend, { staticDir: staticDir(), trustProxy: ['127.0.0.1'] });
    try {
      for (const url of ['/api/fsmc/login/encrypt-key', '/index.html']) {
        const res = await behindProxy.app.inject({ method: 'GET', url, headers });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
      const plain = await behindProxy.app.inject({ method: 'GET', url: '/index.html' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.dispose();
    }
  });
});
