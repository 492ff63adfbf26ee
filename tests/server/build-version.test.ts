import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HEADERS } from '../../src/shared/constants';
import { buildOf } from '../../server/plugins/build-version';
import { availableBackends, tempDir } from './support/backends';
import { startTestApp, type TestApp } from './support/test-server';

/**
 * The build the server serves (server/plugins/build-version.ts): named in every page's <meta> and
 * on every /api answer, a digest of the pages as built, so it changes with the app's code only.
 */
const page = (script: string) => `<!doctype html><html><head><script defer src="assets/${script}"></script></head><body></body></html>`;

function staticDir(script = 'index.0123456789.js') {
  const dir = tempDir('static');
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), page(script));
  fs.writeFileSync(path.join(dir, 'login.html'), page('login.0123456789.js'));
  fs.writeFileSync(path.join(dir, 'assets', script), 'console.log(1)');
  return dir;
}

const metaOf = (html: string) => /<meta name="portal-build" content="([0-9a-f]+)">/.exec(html)?.[1];

describe.each(availableBackends())('the build served on %s', (backend) => {
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { staticDir: staticDir() });
    bare = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.dispose();
    await bare?.dispose();
  });

  it('each page names the build in its head, and every API answer names the same one; files and pages carry no header', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    const login = await t.app.inject({ method: 'GET', url: '/login.html' });
    const build = metaOf(index.body);
    expect(build).toMatch(/^[0-9a-f]{16}$/);
    expect(metaOf(login.body)).toBe(build);
    expect(index.body.indexOf('portal-build')).toBeLessThan(index.body.indexOf('</head>'));
    const api = await t.app.inject({ method: 'GET', url: '/api/portal/login/query-system-setting' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/fsmc/auth/userinfo/my-profile' });
    expect([api.statusCode, api.headers[HEADERS.portalBuild]]).toEqual([200, build]);
    // A refusal too: a page out of date learns it from whatever answer comes first.
    expect([refused.statusCode, refused.headers[HEADERS.portalBuild]]).toEqual([401, build]);
    expect(index.headers[HEADERS.portalBuild]).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/assets/index.0123456789.js' })).headers[HEADERS.portalBuild]).toBeUndefined();
  });

  it('a server with no pages names no build', async () => {
    const api = await bare.app.inject({ method: 'GET', url: '/api/portal/login/query-system-setting' });
    expect([api.statusCode, api.headers[HEADERS.portalBuild]]).toEqual([200, undefined]);
  });
});

it('the build is the pages’ digest: the same pages give the same build, a page naming another script another one', () => {
  const one = buildOf(staticDir());
  expect(buildOf(staticDir())).toBe(one);
  expect(buildOf(staticDir('index.9876543210.js'))).not.toBe(one);
  expect(buildOf(path.join(tempDir('none'), 'missing'))).toBeUndefined();
});
