import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Db } from '../../../server/db/database';
import { buildApp, type AppDeps } from '../../../server/app';
import { readConfig, type ServerConfig } from '../../../server/config';
import { demoUsers } from '../../../server/db/seed';
import { clientAgree, envelopeKeyPair, sealEnvelope, type Envelope, type EnvelopeKey, type SealOptions } from '../../../src/shared/envelope';
import { HEADERS } from '../../../src/shared/constants';
import { endpoints } from '../../../src/shared/contract';
import { RESOURCES } from '../../../src/resources';
import { resourceEndpointList } from '../../../src/resources/contract';
import { PGLITE_TEMPLATE, PGLITE_TEMPLATE_TAR, PG_DB_PREFIX, PG_TEMPLATE_DB, readState, tempDir, withDatabase, type Backend } from './backends';
import { sharedCompilers } from './shared-compilers';

/** The demo users tests log in as: two administrators (the second reviews what the first wrote) and a staff user. */
const DEMO_CODES = ['admin', 'checker', 'staff'] as const;

/** The demo users' credentials: exactly the login body (the contract refuses any other field). */
export const DEMO = Object.fromEntries(
  DEMO_CODES.map((code) => {
    const user = demoUsers({}).find((u) => u.userCode === code);
    if (!user) throw new Error(`the seed has no demo user ${code}`);
    return [code, { userCode: user.userCode, password: user.password }];
  }),
) as Record<(typeof DEMO_CODES)[number], { userCode: string; password: string }>;

export interface TestDb {
  db: Db;
  backend: Backend;
  /** PGlite directory or PostgreSQL URL of this file's database. */
  location: string;
  dispose(): Promise<void>;
}

/** The template's tarball, read once per test file. */
let templateTarball: Blob | undefined;

export interface TestDbOptions {
  /**
   * PGlite in a directory of its own (a copy of the template) rather than in memory: for the
   * tests of the data directory itself (its lock, a reopen). `location` is then that directory.
   */
  onDisk?: boolean;
}

/**
 * A fresh, migrated and seeded database for one test file: a copy of the run's template. On
 * PGlite it lives in memory (the same engine, SQL and catalogue; only the files are not on disk),
 * and `location` is 'memory://' unless `onDisk` asked for a directory.
 */
export async function openTestDb(backend: Backend, options: TestDbOptions = {}): Promise<TestDb> {
  if (backend === 'pglite' && options.onDisk) {
    const dir = tempDir('db');
    fs.cpSync(PGLITE_TEMPLATE, dir, { recursive: true });
    const db = await openDatabase({ dataDir: dir });
    return {
      db,
      backend,
      location: dir,
      dispose: async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (backend === 'pglite') {
    templateTarball ??= new Blob([fs.readFileSync(PGLITE_TEMPLATE_TAR)]);
    const db = await openDatabase({ dataDir: 'memory://', loadDataDir: templateTarball });
    return { db, backend, location: 'memory://', dispose: () => db.destroy() };
  }
  const adminUrl = readState().postgresAdminUrl!;
  const name = `${PG_DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const db = await openDatabase({ databaseUrl: url });
  return {
    db,
    backend,
    location: url,
    dispose: async () => {
      await db.destroy();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface CallOptions {
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  /**
   * Send the payload exactly as given, without the envelope (tests of what the server refuses,
   * and routes marked `envelope: false`).
   */
  raw?: boolean;
  /** Method of t.post's call when not POST (PUT, DELETE). */
  method?: 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /**
   * false: call a create route without the fresh request token the browser's client fetches
   * for it (tests of the double-submit refusal).
   */
  requestToken?: false;
}

/** The paths whose endpoint carries the contract's `requestToken` flag: the create calls. */
const CREATE_PATHS = new Set(
  [...endpoints(), ...resourceEndpointList(RESOURCES)].filter(({ endpoint }) => endpoint.flags.requestToken).map(({ endpoint }) => endpoint.path),
);

/** What a call answered: the HTTP status and the parsed `{code, msg, data}`. */
export interface CallResult<T = any> {
  status: number;
  body: { code: number; msg: string; data: T };
  headers: Record<string, unknown>;
}

/** The server's clock in tests: real time plus what the test moved it on, so nothing sleeps. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export interface TestApp extends TestDb {
  app: FastifyInstance;
  clock: TestClock;
  config: ServerConfig;
  /**
   * Calls a route the way the browser does (same headers, same body conventions). Server tests
   * use these, not app.inject directly, so the request conventions live in one place.
   */
  post<T = any>(url: string, payload?: unknown, options?: CallOptions): Promise<CallResult<T>>;
  get<T = any>(url: string, query?: Record<string, string>, options?: CallOptions): Promise<CallResult<T>>;
  /** Logs in through the real route and returns the session token. */
  login(user?: { userCode: string; password: string }): Promise<string>;
  /** Session tokens of the three demo users, logged in through the real route. */
  loginDemo(): Promise<Record<keyof typeof DEMO, string>>;
  /** This test client's envelope key, agreed once with the server as the browser does (GET /login/encrypt-key). */
  envelopeKey(): Promise<EnvelopeKey>;
  /** A key of another client: a fresh agreement, as a second browser would make. */
  agreeKey(): Promise<EnvelopeKey>;
  /**
   * Seals a body for a POST to url the way the browser does; options pin time and nonce, and
   * `token` picks the key of the page holding that session (else the anonymous page's).
   */
  seal(url: string, payload: unknown, options?: SealOptions & { method?: string; token?: string }): Promise<Envelope>;
  /** A fresh request token for a session (GET /common/token/getToken). */
  requestToken(token: string): Promise<string>;
}

function headersOf(options: CallOptions): Record<string, string> {
  return { ...(options.token ? { JwtToken: options.token } : {}), ...(options.lang ? { lang: options.lang } : {}), ...options.headers };
}

/**
 * The app on a fresh copy of the seeded database. `extend` registers routes a test needs (a
 * create route with `requestToken: true`, say) before the app is sealed.
 */
export async function startTestApp(
  backend: Backend,
  overrides: Partial<ServerConfig> = {},
  extend?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  return startTestAppOn(await openTestDb(backend), overrides, extend);
}

/**
 * The app on a database that exists already: a second instance on the first one's PostgreSQL
 * database (tests of what several processes share), its dispose closing only its own pool.
 */
export async function startTestAppOn(
  testDb: TestDb,
  overrides: Partial<ServerConfig> = {},
  extend?: (app: FastifyInstance) => void | Promise<void>,
  deps: Pick<AppDeps, 'changes'> = {},
): Promise<TestApp> {
  const filesDir = tempDir('files');
  const config: ServerConfig = { ...readConfig({}), staticDir: path.join(filesDir, 'no-static'), filesDir, licenceKeyFile: path.join(filesDir, 'keys', 'product-licence.pem'), exportJobLoop: false, remindJobLoop: false, ...overrides };
  let offset = 0;
  const clock: TestClock = { now: () => Date.now() + offset, advance: (ms) => void (offset += ms) };
  const app = await buildApp({ db: testDb.db, config, clock, compilers: sharedCompilers, ...deps });
  if (extend) await extend(app);
  await app.ready();
  const agreeKey = async () => {
    const { secretKey, publicKey } = envelopeKeyPair();
    const res = await app.inject({ method: 'GET', url: '/api/fsmc/login/encrypt-key', headers: { [HEADERS.envelopeClientKey]: publicKey } });
    return clientAgree(res.json().data, secretKey);
  };
  // Server tests play one browser per key: keys bound to one session open no other's
  // envelopes, so each session token gets its own agreed key, as each page would.
  const keys = new Map<string, Promise<EnvelopeKey>>();
  const keyFor = (token = '') => {
    if (!keys.has(token)) keys.set(token, agreeKey());
    return keys.get(token)!;
  };
  const envelopeKey = () => keyFor();
  const sealFor = async (token: string | undefined, url: string, payload: unknown, options: SealOptions & { method?: string } = {}) =>
    sealEnvelope(payload, await keyFor(token), { method: options.method ?? 'POST', path: url.split('?')[0]! }, options);
  const seal: TestApp['seal'] = (url, payload, options = {}) => sealFor(options.token, url, payload, options);
  const get: TestApp['get'] = async (url, query, options = {}) => {
    const res = await app.inject({ method: 'GET', url, query, headers: headersOf(options) });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const requestToken = async (token: string) => {
    const res = await get<{ token: string }>('/api/fsmc/common/token/getToken', undefined, { token });
    if (res.body.code !== 0) throw new Error(`getToken failed: ${JSON.stringify(res.body)}`);
    return res.body.data.token;
  };
  // As the browser's client does: every non-GET body travels in the envelope (shell §7), and a
  // create call of a session carries a fresh request token unless the test set its own.
  const post: TestApp['post'] = async (url, payload = {}, options = {}) => {
    const method = options.method ?? 'POST';
    const body = options.raw ? payload : await sealFor(options.token, url, payload, { method });
    const needsToken = options.token && options.requestToken !== false && CREATE_PATHS.has(url.split('?')[0]!) && !options.headers?.[HEADERS.requestToken];
    const headers = needsToken ? { ...headersOf(options), [HEADERS.requestToken]: await requestToken(options.token!) } : headersOf(options);
    const res = await app.inject({ method, url, payload: body as object, headers });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const login: TestApp['login'] = async (user = DEMO.admin) => {
    const res = await post<{ JwtToken: string }>('/api/fsmc/login/login', { userCode: user.userCode, password: user.password });
    if (res.body.code !== 0) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
    return res.body.data.JwtToken;
  };
  return {
    ...testDb,
    app,
    clock,
    config,
    post,
    get,
    envelopeKey,
    agreeKey,
    seal,
    requestToken,
    login,
    loginDemo: async () => ({ admin: await login(DEMO.admin), checker: await login(DEMO.checker), staff: await login(DEMO.staff) }),
    async dispose() {
      await app.close();
      await testDb.dispose();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
