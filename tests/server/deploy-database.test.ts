import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/db/database';
import { LOCK_FILE } from '../../server/db/data-dir-lock';
import { prepareDatabase } from '../../server/db/prepare';
import { StartupError } from '../../server/db/startup-error';
import { buildApp } from '../../server/app';
import { sharedCompilers } from './support/shared-compilers';
import { readConfig } from '../../server/config';
import { CODE } from '../../src/shared/codes';
import { PGLITE_TEMPLATE, PG_DB_PREFIX, availableBackends, readState, tempDir, withDatabase } from './support/backends';
import { DEMO, openTestDb, startTestAppOn, type TestApp } from './support/test-server';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

const refusal = async (promise: Promise<unknown>): Promise<StartupError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StartupError);
  return error as StartupError;
};
const oneLine = (message: string) => expect(message).not.toMatch(/\n|\bat .+:\d+:\d+/);

describe('embedded PGlite: one DATA_DIR, one process', () => {
  it('refuses a second opener of a DATA_DIR in use with one line, and the first loses nothing', async () => {
    const first = await openTestDb('pglite', { onDisk: true });
    try {
      await first.db.insertInto('org').values({ orgCode: 'LOCK-BEFORE', orgName: 'before', orgType: 'SUB' }).execute();
      const error = await refusal(openDatabase({ dataDir: first.location }));
      oneLine(error.message);
      expect(error.message).toContain(`DATA_DIR ${first.location} is in use by process ${process.pid}`);
      expect(error.message).toContain('use PostgreSQL (DATABASE_URL) to run several');
      // The refused opener wrote nothing the first one could lose: it keeps working and keeps
      // every row over a close and reopen.
      await first.db.insertInto('org').values({ orgCode: 'LOCK-AFTER', orgName: 'after', orgType: 'SUB' }).execute();
      await first.db.destroy();
      expect(fs.existsSync(path.join(first.location, LOCK_FILE))).toBe(false);
      const again = await openDatabase({ dataDir: first.location });
      const codes = (await again.selectFrom('org').select('orgCode').where('orgCode', 'like', 'LOCK-%').orderBy('orgCode').execute()).map((r) => r.orgCode);
      expect(codes).toEqual(['LOCK-AFTER', 'LOCK-BEFORE']);
      await again.destroy();
    } finally {
      fs.rmSync(first.location, { recursive: true, force: true });
    }
  });

  it('takes over a lock whose process is gone (kill -9, power loss)', async () => {
    // A data directory as a crashed server leaves it: populated (a copy of the template, which
    // also spares PGlite an initdb of many seconds) and still locked by a process that is gone.
    const dir = tempDir('stale');
    fs.cpSync(PGLITE_TEMPLATE, dir, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: dead, host: os.hostname() }));
    const db = await openDatabase({ dataDir: dir });
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    expect(await db.selectFrom('org').select('orgCode').where('orgCode', '=', 'HQ').execute()).toEqual([{ orgCode: 'HQ' }]);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports an unwritable DATA_DIR in one line naming the path and the cause', async () => {
    const dir = tempDir('unwritable');
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    const underFile = path.join(file, 'data');
    const error = await refusal(openDatabase({ dataDir: underFile }));
    oneLine(error.message);
    expect(error.message).toBe(`DATA_DIR ${underFile} is not writable (ENOTDIR: not a directory, mkdir '${underFile}')`);

    // A read-only directory: mode 555 stops anyone but root; root is stopped only by a
    // file system that refuses writes, such as /sys.
    const readOnly = process.getuid?.() === 0 ? '/sys/portal-data' : path.join(dir, 'ro');
    if (readOnly !== '/sys/portal-data') fs.mkdirSync(readOnly, { mode: 0o555 });
    const ro = await refusal(openDatabase({ dataDir: readOnly }));
    oneLine(ro.message);
    expect(ro.message).toMatch(new RegExp(`^DATA_DIR ${readOnly} is not writable \\((EACCES|EPERM|EROFS): `));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('PostgreSQL unreachable at start', () => {
  it('retries for the time given, says so in one line naming the host, then gives up in one line', async () => {
    const told: string[] = [];
    const started = Date.now();
    const error = await refusal(openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/portal', retrySeconds: 1, onWaiting: (m) => told.push(m) }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(told).toEqual(['PostgreSQL at 127.0.0.1:1/portal is unreachable (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1); retrying for up to 1 s']);
    oneLine(error.message);
    expect(error.message).toBe('PostgreSQL at 127.0.0.1:1/portal is unreachable after 1 s (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1)');
  });
});

const postgres = availableBackends().includes('postgres');
const onPostgres = postgres ? describe : describe.skip;

onPostgres('PostgreSQL: processes starting together on a new database', () => {
  const name = `${PG_DB_PREFIX}fresh_${randomBytes(3).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: readState().postgresAdminUrl! });
  const dbs: Db[] = [];
  beforeAll(async () => {
    const a = admin();
    await a.connect();
    await a.query(`create database ${name}`);
    await a.end();
  });
  afterAll(async () => {
    for (const db of dbs) await db.destroy();
    const a = admin();
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });

  it('all come up, exactly one seeds, and every one is ready', async () => {
    const url = withDatabase(readState().postgresAdminUrl!, name);
    for (let i = 0; i < 3; i++) dbs.push(await openDatabase({ databaseUrl: url }));
    const prepared = await Promise.all(dbs.map((db) => prepareDatabase(db)));
    expect(prepared.filter((p) => p.created !== null)).toHaveLength(1);
    expect(prepared.filter((p) => p.applied.length > 0)).toHaveLength(1);
    const db = dbs[0]!;
    expect(await db.selectFrom('org').select('orgCode').where('orgCode', '=', 'HQ').execute()).toEqual([{ orgCode: 'HQ' }]);
    expect((await db.selectFrom('appUser').select('userCode').orderBy('userCode').execute()).map((u) => u.userCode)).toEqual(['admin', 'checker', 'staff']);
    for (const each of dbs) {
      const app = await buildApp({ db: each, config: { ...readConfig({}), staticDir: '/nonexistent' }, compilers: sharedCompilers });
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 0, data: { ready: true } });
      await app.close();
    }
  });
});

onPostgres('PostgreSQL going away does not take the server down', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let dispose: () => Promise<void>;
  // The relay's cuts are expected here; the test keeps them out of the console.
  const lost: string[] = [];
  beforeAll(async () => {
    // The app reaches its database through a relay the test can cut.
    const own = await openTestDb('postgres');
    const target = new URL(own.location);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(own.location);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const db = await openDatabase({ databaseUrl: viaProxy.toString(), onConnectionLost: (e) => lost.push(e.message) });
    t = await startTestAppOn({ db, backend: 'postgres', location: own.location, dispose: async () => db.destroy() });
    dispose = own.dispose;
  });
  afterAll(async () => {
    await t?.dispose();
    await proxy?.close();
    await dispose?.();
  });

  const sessionInfo = (token: string) => t.get('/api/fsmc/auth/userinfo/my-profile', undefined, { token, lang: 'en-US' });

  it('survives its backends being terminated, and the next requests are served', async () => {
    const token = await t.login(DEMO.staff);
    expect((await sessionInfo(token)).body.code).toBe(0);
    const a = new pg.Client({ connectionString: readState().postgresAdminUrl! });
    await a.connect();
    const { rows } = await a.query(`select pg_terminate_backend(pid) as gone from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [new URL(t.location).pathname.slice(1)]);
    await a.end();
    expect(rows.length).toBeGreaterThan(0);
    // A request may still meet a connection whose end the pool has not read yet: it answers
    // 503 with a code, never 500, and within a few requests the pool has fresh connections.
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await sessionInfo(token);
      codes.push(res.body.code);
      expect([200, 503]).toContain(res.status);
      if (res.body.code === 0) break;
    }
    expect(codes.at(-1)).toBe(0);
  });

  it('answers 503 with a localised code while the database is unreachable, and serves again once it is back', async () => {
    const token = await t.login(DEMO.admin);
    await proxy.cut();
    const during = await sessionInfo(token);
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ code: CODE.databaseUnavailable, msg: 'The database cannot be reached just now. Please try again in a moment.', data: null });
    const zh = await t.get('/api/fsmc/auth/userinfo/my-profile', undefined, { token });
    expect(zh.body.msg).toBe('暂时无法连接数据库，请稍后再试');
    const ready = await t.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: CODE.databaseUnavailable, data: { ready: false, reason: 'database' } });
    expect((await t.get('/healthz')).status).toBe(200);

    await proxy.restore();
    const after = await sessionInfo(token);
    expect(after.body.code).toBe(0);
    expect((await t.get('/readyz')).status).toBe(200);
  });
});
