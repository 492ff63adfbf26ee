import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { execFileSync, spawn } from 'node:child_process';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { ADMIN, STAFF } from './support/users';
import { apiClient } from './support/api';
import { spawnServer, startServer, stop, type Server } from './support/processes';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy';

/**
 * A data directory is removed with retries: on a loaded machine a server that has just exited can
 * leave PGlite's last files a moment behind it (ENOTEMPTY seen once in a full run).
 */
const REMOVE_DIR = { recursive: true, force: true, maxRetries: 5, retryDelay: 200 } as const;

/**
 * The deployment of docs/deploy.md, with real built servers: one process per embedded
 * database, one-line refusals at start, the portal under /portal/ behind a reverse proxy, and
 * on PostgreSQL two processes started together and restarted one at a time under load.
 */
const oneLine = (text: string) => expect(text).not.toMatch(/^\s+at /m);
const tmpDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), `portal-${prefix}-`));

test('a second server on a DATA_DIR in use is refused in one line, and the first loses nothing', async () => {
  test.setTimeout(180_000);
  const dataDir = tmpDir('locked');
  let first: Server | undefined;
  let again: Server | undefined;
  try {
    first = await startServer({ DATA_DIR: dataDir });
    const api = apiClient(first.origin);
    const qrIds: string[] = [];
    const write = async () => qrIds.push((await api.post('/api/fsmc/login/qrcode/in/generate', {})).body.data.qrId);
    for (let i = 0; i < 3; i++) await write();

    const second = spawnServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(2);
    expect(second.output().trim()).toBe(
      `Cannot start: DATA_DIR ${dataDir} is in use by process ${first.child.pid} on ${os.hostname()}: embedded PGlite serves one process; use PostgreSQL (DATABASE_URL) to run several (if that process is gone, delete ${path.join(dataDir, 'portal.lock')})`,
    );

    for (let i = 0; i < 3; i++) await write();
    expect(await stop(first)).toBe(0);
    again = await startServer({ DATA_DIR: dataDir });
    const after = apiClient(again.origin);
    for (const qrId of qrIds) expect((await after.post('/api/fsmc/login/qrcode/in/status', { qrId })).body.data.status).toBe('waiting');
  } finally {
    await stop(first);
    await stop(again);
    fs.rmSync(dataDir, REMOVE_DIR);
  }
});

test('an unreachable database or an unwritable DATA_DIR stops the start in one line, exit code 2', async () => {
  const unreachable = spawnServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/portal', DATABASE_RETRY_SECONDS: '1' });
  expect(await unreachable.exited).toBe(2);
  expect(unreachable.output().trim().split('\n')).toEqual([
    'PostgreSQL at 127.0.0.1:1/portal is unreachable (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1); retrying for up to 1 s',
    'Cannot start: PostgreSQL at 127.0.0.1:1/portal is unreachable after 1 s (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1)',
  ]);

  // Root writes through mode bits; only a file system that refuses writes stops it.
  const dir = tmpDir('readonly');
  const readOnly = process.getuid?.() === 0 ? '/sys/portal-e2e' : path.join(dir, 'ro');
  if (readOnly !== '/sys/portal-e2e') fs.mkdirSync(readOnly, { mode: 0o555 });
  const refused = spawnServer({ DATA_DIR: readOnly });
  expect(await refused.exited).toBe(2);
  oneLine(refused.output());
  expect(refused.output().trim()).toMatch(new RegExp(`^Cannot start: DATA_DIR ${readOnly} is not writable \\((EACCES|EPERM|EROFS): [^\\n]+\\)$`));
  fs.rmSync(dir, REMOVE_DIR);
});

test('under /portal/ behind a reverse proxy: the login page, its assets and the API all go through the prefix', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = tmpDir('prefixed');
  let server: Server | undefined;
  let proxy: RoundRobinProxy | undefined;
  try {
    server = await startServer({ DATA_DIR: dataDir, BASE_PATH: '/portal/', TRUST_PROXY: '127.0.0.1' });
    proxy = await startRoundRobinProxy([server.port]);
    await proxy.waitUp(server.port);
    const paths: string[] = [];
    page.on('request', (r) => paths.push(new URL(r.url()).pathname));
    await page.goto(`${proxy.origin}/portal/login.html#/login`);
    const form = page.getByTestId('login-form');
    await form.getByRole('textbox').first().fill(ADMIN.userCode);
    await form.locator('input[type=password]').fill(ADMIN.password);
    await form.locator('button[type=submit]').click();
    // A freshly started server's first login hashes with a cold memory-hard function and JIT: wait
    // as long as the test's own budget allows rather than the default 10 s.
    await expect(page).toHaveURL(new RegExp(`^${proxy.origin}/portal/index\\.html`), { timeout: 30_000 });
    await expect(page.getByTestId('nav-menu')).toBeVisible();
    expect(paths.filter((p) => p.startsWith('/portal/assets/')).length).toBeGreaterThan(0);
    expect(paths.filter((p) => p.startsWith('/portal/locale/')).length).toBeGreaterThan(0);
    expect(paths).toContain('/portal/api/fsmc/login/login');
    expect(paths.filter((p) => !p.startsWith('/portal/'))).toEqual([]);
    expect(proxy.failed).toBe(0);
  } finally {
    await proxy?.close();
    await stop(server);
    fs.rmSync(dataDir, REMOVE_DIR);
  }
});

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const withDatabase = (database: string) => Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test('on PostgreSQL: two processes started together on a new database, then restarted one at a time under load, lose no request and no write', async () => {
  test.skip(!(await postgresAnswers()), 'no PostgreSQL answers');
  // Four process starts and a load run; a loaded 2-core machine needs the margin.
  test.setTimeout(300_000);
  const database = `portal_e2e_${(process.env.TEST_RUN_ID ?? 'main').replace(/[^a-z0-9]/gi, '').toLowerCase()}_rolling`;
  await admin(async (c) => (await c.query(`drop database if exists ${database} with (force)`), await c.query(`create database ${database}`)));
  const env = { DATABASE_URL: withDatabase(database), BASE_PATH: '/portal/', TRUST_PROXY: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '1', SHUTDOWN_TIMEOUT_SECONDS: '20' };
  const servers: Server[] = [];
  let proxy: RoundRobinProxy | undefined;
  try {
    // Started at the same moment on an empty database: both come up, one seeds.
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    expect(servers.filter((s) => s.output().includes('demo users (created now)'))).toHaveLength(1);
    proxy = await startRoundRobinProxy(servers.map((s) => s.port));
    await Promise.all(servers.map((s) => proxy!.waitUp(s.port)));

    const api = apiClient(`${proxy.origin}/portal`);
    const login = await api.post('/api/fsmc/login/login', STAFF);
    expect(login.body.code).toBe(0);
    const token = login.body.data.JwtToken as string;

    // Steady load: reads (anonymous and with the session) and writes (a QR code per call,
    // each from its own client address, so every acknowledged write can be looked up).
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let running = true;
    let sequence = 0;
    const worker = async (w: number) => {
      while (running) {
        const n = sequence++;
        const address = `10.${w}.${(n >> 8) & 255}.${n & 255}`;
        const calls = [
          () => api.get('/api/portal/login/query-system-setting'),
          () => api.get('/api/fsmc/auth/userinfo/my-profile', { JwtToken: token }),
          () => api.post('/api/fsmc/login/qrcode/in/generate', {}, { 'x-forwarded-for': address }),
        ];
        const kind = n % calls.length;
        try {
          const res = await calls[kind]!();
          if (res.status !== 200 || res.body.code !== 0) failures.push(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
          else if (kind === 2) acknowledged.push(address);
        } catch (error) {
          failures.push(`${kind}: ${String(error)}`);
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));

    /** Waits until the load has made `count` more calls: progress, not time. */
    const calls = async (count: number) => {
      const until = sequence + count;
      while (sequence < until && running) await new Promise((r) => setImmediate(r));
    };

    await calls(30);
    for (const [i, old] of servers.entries()) {
      const servedBefore = proxy.backends[i]!.served;
      expect(await stop(old, 'SIGTERM')).toBe(0);
      expect(old.output()).not.toMatch(/error/i);
      const fresh = await startServer({ ...env, PORT: String(old.port) });
      servers[i] = fresh;
      await proxy.waitUp(fresh.port);
      await calls(40);
      // The restarted process takes its share again.
      expect(proxy.backends[i]!.served).toBeGreaterThan(servedBefore);
    }
    running = false;
    await load;

    expect(failures).toEqual([]);
    expect(proxy.failed).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(20);
    const stored = await admin(async (c) => {
      const db = new pg.Client({ connectionString: withDatabase(database) });
      await db.connect();
      const { rows } = await db.query<{ client_address: string }>('select client_address from qr_login where client_address = any($1)', [acknowledged]);
      await db.end();
      return rows.map((r) => r.client_address);
    });
    expect(stored.sort()).toEqual([...acknowledged].sort());

    if (nginxPath()) {
      await throughNginx(servers, database);
      test.info().annotations.push({ type: 'proxy', description: 'deploy/nginx.conf exercised with nginx' });
    } else test.info().annotations.push({ type: 'proxy', description: 'no nginx on this machine: only the mirroring test proxy' });
  } finally {
    await proxy?.close();
    for (const s of servers) await stop(s);
    await admin((c) => c.query(`drop database if exists ${database} with (force)`));
  }
});

/** nginx on this machine, if any: then deploy/nginx.conf itself is exercised, not only its mirror. */
function nginxPath(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * deploy/nginx.conf as shipped, its ${…} filled with this test's ports: the portal under
 * /portal/, the client address passed on, and a stopped process's share taken by the other.
 */
async function throughNginx(servers: Server[], database: string) {
  const prefix = tmpDir('nginx');
  const listen = await freePort();
  const values: Record<string, string> = { PREFIX: prefix, BACKEND_1: String(servers[0]!.port), BACKEND_2: String(servers[1]!.port), LISTEN_PORT: String(listen) };
  const conf = fs.readFileSync('deploy/nginx.conf', 'utf8').replace(/\$\{([A-Z_0-9]+)\}/g, (m, name: string) => values[name] ?? m);
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  const nginx = spawn(nginxPath()!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'pipe' });
  let log = '';
  nginx.stderr.on('data', (d) => (log += d));
  const origin = `http://127.0.0.1:${listen}`;
  try {
    // Up once it answers: a bounded number of attempts, each refused at once until then.
    let tries = 0;
    while (!(await fetch(`${origin}/portal/login.html`).then((r) => r.ok, () => false))) {
      expect(++tries, log).toBeLessThan(5000);
      await new Promise((r) => setImmediate(r));
    }
    const page = await (await fetch(`${origin}/portal/login.html`)).text();
    const asset = /src="(assets\/[^"]+\.js)"/.exec(page)![1]!;
    expect((await fetch(`${origin}/portal/${asset}`)).status).toBe(200);
    const bare = await fetch(`${origin}/portal`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toMatch(/\/portal\/$/);

    const api = apiClient(`${origin}/portal`);
    expect((await api.post('/api/fsmc/login/login', STAFF)).body.code).toBe(0);
    // The client address the process records is the caller's, passed on by nginx.
    expect((await api.post('/api/fsmc/login/qrcode/in/generate', {}, { 'x-forwarded-for': '10.99.0.1' })).body.code).toBe(0);
    const recorded = await admin(async () => {
      const db = new pg.Client({ connectionString: withDatabase(database) });
      await db.connect();
      const { rows } = await db.query('select client_address from qr_login where client_address = $1', ['10.99.0.1']);
      await db.end();
      return rows.length;
    });
    expect(recorded).toBe(1);

    // One process stopped: nginx finds its connection refused and sends reads and writes alike
    // to the other.
    expect(await stop(servers[0], 'SIGTERM')).toBe(0);
    for (let i = 0; i < 6; i++) {
      expect((await api.get('/api/portal/login/query-system-setting')).body.code).toBe(0);
      expect((await api.post('/api/fsmc/login/qrcode/in/generate', {}, { 'x-forwarded-for': `10.99.1.${i}` })).body.code).toBe(0);
    }
  } finally {
    nginx.kill('SIGTERM');
    await new Promise((r) => (nginx.exitCode !== null ? r(null) : nginx.once('exit', r)));
    fs.rmSync(prefix, REMOVE_DIR);
  }
}
