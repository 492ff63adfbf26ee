import { HEADERS } from '../../src/shared/constants';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { ok } from '../../server/http/answer';
import { buildApp } from '../../server/app';
import { sharedCompilers } from './support/shared-compilers';
import { readConfig } from '../../server/config';
import { gracefulShutdown } from '../../server/shutdown';
import { availableBackends, tempDir } from './support/backends';
import { DEMO, openTestDb, startTestApp, type TestApp, type TestDb } from './support/test-server';

describe.each(availableBackends())('health and readiness on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('answers /healthz and /readyz without a session, in the {code, msg, data} shape', async () => {
    expect(await t.get('/healthz')).toMatchObject({ status: 200, body: { code: 0, msg: 'success', data: { alive: true } } });
    const ready = await t.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ code: 0, msg: 'success', data: { ready: true } });
  });

  it('is not ready while the schema is not this build\'s (a rolling upgrade half-way)', async () => {
    const latest = (await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.db)).rows[0]!;
    await sql`delete from kysely_migration where name = ${latest.name}`.execute(t.db);
    try {
      const res = await t.get('/readyz', undefined, { lang: 'en-US' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: CODE.notReady, msg: expect.stringContaining('not ready'), data: { ready: false, reason: 'schema', expected: latest.name } });
      expect((await t.get('/healthz')).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${latest.name}, ${latest.timestamp})`.execute(t.db);
    }
    expect((await t.get('/readyz')).status).toBe(200);
  });

  it('stays ready on a schema a newer release migrated (the old processes of a rolling upgrade)', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_release', ${new Date().toISOString()})`.execute(t.db);
    try {
      expect(await t.get('/readyz')).toMatchObject({ status: 200, body: { code: 0, data: { ready: true, migration: '9999_from_a_newer_release' } } });
    } finally {
      await sql`delete from kysely_migration where name = '9999_from_a_newer_release'`.execute(t.db);
    }
  });
});

describe('behind a reverse proxy (PGlite)', () => {
  // One database for the group: each app differs only in its settings, and nothing here reads
  // what another test wrote.
  let testDb: TestDb;
  let staticDir: string;
  const apps: FastifyInstance[] = [];
  /** An app with the given settings, and a route that shows what it believes. */
  const appWith = async (overrides: Partial<ReturnType<typeof readConfig>>, logger?: object) => {
    const app = await buildApp({ db: testDb.db, config: { ...readConfig({}), staticDir, filesDir: tempDir('files'), ...overrides }, logger: logger ?? false, compilers: sharedCompilers });
    app.get('/api/fsmc/test/whoami', { config: { anonymous: true } }, async (request) => ok({ ip: request.ip, protocol: request.protocol }));
    await app.ready();
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    testDb = await openTestDb('pglite');
    staticDir = tempDir('static');
    fs.writeFileSync(path.join(staticDir, 'login.html'), '<!doctype html><title>login</title>');
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>index</title>');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb?.dispose();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const forwarded = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };

  it('believes X-Forwarded-For and X-Forwarded-Proto only from the addresses in TRUST_PROXY', async () => {
    const trusting = await appWith({ trustProxy: ['127.0.0.1'] });
    const fromProxy = await trusting.inject({ method: 'GET', url: '/api/fsmc/test/whoami', headers: forwarded, remoteAddress: '127.0.0.1' });
    expect(fromProxy.json().data).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    const fromElsewhere = await trusting.inject({ method: 'GET', url: '/api/fsmc/test/whoami', headers: forwarded, remoteAddress: '198.51.100.7' });
    expect(fromElsewhere.json().data).toEqual({ ip: '198.51.100.7', protocol: 'http' });
    const unset = await appWith({});
    const ignored = await unset.inject({ method: 'GET', url: '/api/fsmc/test/whoami', headers: forwarded, remoteAddress: '127.0.0.1' });
    expect(ignored.json().data).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });

  it('serves pages, the API (envelopes included) and health checks under BASE_PATH, and nothing outside it', async () => {
    const app = await appWith({ basePath: '/portal/' });
    expect((await app.inject({ method: 'GET', url: '/portal/login.html' })).body).toContain('<title>login</title>');
    for (const url of ['/portal', '/portal/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/portal/index.html');
    }
    const setting = await app.inject({ method: 'GET', url: '/portal/api/portal/login/query-system-setting', headers: { lang: 'en-US' } });
    expect(setting.json()).toMatchObject({ code: 0 });
    // The browser signs the API's own path (/api/…) whatever prefix it is served under.
    const { clientAgree, envelopeKeyPair, sealEnvelope } = await import('../../src/shared/envelope');
    const pair = envelopeKeyPair();
    const offer = (await app.inject({ method: 'GET', url: '/portal/api/fsmc/login/encrypt-key', headers: { [HEADERS.envelopeClientKey]: pair.publicKey } })).json().data;
    const key = clientAgree(offer, pair.secretKey);
    const login = await app.inject({ method: 'POST', url: '/portal/api/fsmc/login/login', payload: sealEnvelope(DEMO.admin, key, { method: 'POST', path: '/api/fsmc/login/login' }) as object });
    expect(login.json()).toMatchObject({ code: 0, data: { JwtToken: expect.any(String) } });
    for (const url of ['/portal/readyz', '/readyz', '/healthz']) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const outside = await app.inject({ method: 'GET', url: '/api/portal/login/query-system-setting', headers: { lang: 'en-US' } });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: CODE.notFound, msg: expect.stringContaining('/api/portal/login/query-system-setting') });
    expect((await app.inject({ method: 'GET', url: '/login.html' })).statusCode).toBe(404);
  });

  it('never logs a health check per request, even where LOG_LEVEL=debug logs every other request', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const before = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'debug';
    try {
      const app = await appWith({}, { level: 'debug', stream });
      for (const url of ['/healthz', '/readyz', '/api/portal/login/query-system-setting']) await app.inject({ method: 'GET', url });
    } finally {
      if (before === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = before;
    }
    const logged = lines.join('');
    expect(logged).toContain('/api/portal/login/query-system-setting');
    expect(logged).not.toMatch(/healthz|readyz/);
  });
});

describe('graceful shutdown (PGlite)', () => {
  /** A route that holds its answer until the test lets it go: a slow request, without a sleep. */
  const slowRoute = (gate: { entered: () => void; release: Promise<void> }) => (app: FastifyInstance) => {
    app.get('/api/fsmc/test/slow', { config: { anonymous: true } }, async () => {
      gate.entered();
      await gate.release;
      return ok('finished');
    });
  };
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };
  const refused = async (url: string) => fetch(url).then(() => false, (e: Error & { cause?: { code?: string } }) => e.cause?.code === 'ECONNREFUSED');

  it('on SIGTERM: not ready at once, then no new connections, the slow request finishes, the database closes last', async () => {
    const entered = deferred();
    const release = deferred();
    const t = await startTestApp('pglite', {}, slowRoute({ entered: entered.resolve, release: release.promise }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;
    const exited = deferred();
    let exitCode: number | undefined;
    const shutdown = gracefulShutdown({ app: t.app, db: t.db, config: { shutdownDrainSeconds: 0.3, shutdownTimeoutSeconds: 30 }, exit: (code) => ((exitCode = code), exited.resolve()) });
    try {
      const slow = fetch(`${base}/api/fsmc/test/slow`);
      await entered.promise;
      const stopping = shutdown('SIGTERM');
      // Draining: still answering, but no longer ready, and telling clients to go elsewhere.
      const ready = await fetch(`${base}/readyz`, { headers: { lang: 'en-US' } });
      expect(ready.status).toBe(503);
      expect(ready.headers.get('connection')).toBe('close');
      expect(await ready.json()).toMatchObject({ code: CODE.notReady, data: { ready: false, reason: 'draining' } });
      // Once the drain is over no new connection is accepted (bounded: the drain is 0.3 s).
      let tries = 0;
      while (!(await refused(`${base}/healthz`))) expect(++tries).toBeLessThan(10_000);
      expect(exitCode).toBeUndefined();
      release.resolve();
      const answer = await slow;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ code: 0, msg: 'success', data: 'finished' });
      await stopping;
      await exited.promise;
      expect(exitCode).toBe(0);
      // The database was closed after the request finished.
      await expect(t.db.selectFrom('org').select('id').execute()).rejects.toThrow();
    } finally {
      release.resolve();
      await fs.promises.rm(t.location, { recursive: true, force: true });
      await fs.promises.rm(t.config.filesDir, { recursive: true, force: true });
    }
  });

  it('cuts a request still running at the deadline, and stops anyway', async () => {
    const entered = deferred();
    const t = await startTestApp('pglite', {}, slowRoute({ entered: entered.resolve, release: new Promise(() => undefined) }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    let exitCode: number | undefined;
    try {
      const slow = fetch(`http://127.0.0.1:${port}/api/fsmc/test/slow`).then(() => 'answered', () => 'cut');
      await entered.promise;
      await gracefulShutdown({ app: t.app, db: t.db, config: { shutdownDrainSeconds: 0, shutdownTimeoutSeconds: 0.3 }, exit: (code) => (exitCode = code) })('SIGTERM');
      expect(await slow).toBe('cut');
      expect(exitCode).toBe(0);
    } finally {
      await fs.promises.rm(t.location, { recursive: true, force: true });
      await fs.promises.rm(t.config.filesDir, { recursive: true, force: true });
    }
  });
});
