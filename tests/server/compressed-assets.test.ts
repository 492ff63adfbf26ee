import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { availableBackends, tempDir } from './support/backends';
import { startTestApp, type TestApp } from './support/test-server';

/**
 * Issue 16, point 1: the build writes a brotli and a gzip copy beside each asset
 * (rspack.config.ts, CompressAssetsPlugin) and the server sends the one the browser accepts
 * (@fastify/static's preCompressed), the plain file otherwise; hashed assets stay cached for
 * good, everything else is re-checked, and every answer says it varies by Accept-Encoding.
 */
const SCRIPT = Buffer.from(Array.from({ length: 400 }, (_, i) => `console.log("first screen line ${i}");`).join('\n'));
const LOCALE = Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`login.key${i}`, `登录 message ${i}`]))));
const SMALL = Buffer.from('console.log(1)');
const PAGE = '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><script defer src="assets/login.0123456789.js"></script></head><body></body></html>';

/** What the build leaves in dist/public: each large file with its .br and .gz, as the plugin makes them. */
function staticDir() {
  const dir = tempDir('static-compressed');
  const write = (file: string, bytes: Buffer, compressed: boolean) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), bytes);
    if (!compressed) return;
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(bytes, { level: 9 }));
  };
  write('assets/login.0123456789.js', SCRIPT, true);
  write('locale/login/zh-CN/index.json', LOCALE, true);
  write('assets/tiny.0123456789.js', SMALL, false);
  fs.writeFileSync(path.join(dir, 'login.html'), PAGE);
  return dir;
}

const decode = (encoding: unknown, bytes: Buffer) => (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes);

describe.each(availableBackends().slice(0, 1))('compressed assets (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { staticDir: staticDir() });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const get = (url: string, acceptEncoding?: string) => t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('a hashed script asked with Accept-Encoding %p comes as %p, the same bytes once decoded, cached for good', async (accept, encoding) => {
    const res = await get('/assets/login.0123456789.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    if (encoding) expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(decode(encoding, res.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('a locale module comes compressed too, but is re-checked (not hashed)', async () => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], [undefined, undefined]] as const) {
      const res = await get('/locale/login/zh-CN/index.json', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload).equals(LOCALE)).toBe(true);
    }
  });

  it('a file the build left without copies (under 1 kB) comes plain whatever is accepted', async () => {
    const res = await get('/assets/tiny.0123456789.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(SMALL)).toBe(true);
  });

  it('a page stays no-cache, with its nonce filled in', async () => {
    const res = await get('/login.html', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('assets/login.0123456789.js');
    expect(res.body).not.toContain('__CSP_NONCE__');
  });

  it('a compressed copy asked for by its own name is plain bytes, never a script', async () => {
    // No Content-Encoding, an octet-stream type and nosniff: a browser neither decodes nor runs it.
    const res = await get('/assets/login.0123456789.js.br', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers /favicon.ico with no content, cached, instead of a 404 (the portal has no icon)', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
});
