/**
 * The server the envelope benches write to (request-load.bench.ts, envelope-cpu.bench.ts), and
 * how they seal what they send it (fastSealer, below). The server is the app of a checkout
 * (`load` resolves its files, so BENCH_ROOT can name another one) on a fresh, seeded database,
 * with the login routes registered a second time under PLAIN_PREFIX taking plain JSON: the same
 * handlers, hooks and session check, only the envelope skipped. routeOptions.url stays the
 * original one (Fastify fixes it before onRoute runs), so the operation log writes the same row
 * for both.
 */
import path from 'node:path';
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';

/* eslint-disable @typescript-eslint/no-explicit-any */
export const PLAIN_PREFIX = '/api/fsmc/plain/';
export const WRITE = '/api/fsmc/login/lang-setting';
const LOGIN = '/api/fsmc/login/login';

type Load = (file: string) => any;

export async function writeApp(load: Load, database: { databaseUrl?: string; dataDir?: string }, dir: string) {
  const { openDatabase } = load('server/db/database');
  const { migrateToLatest } = load('server/db/migrate');
  const { demoUsers, seedIfEmpty } = load('server/db/seed');
  const { buildApp } = load('server/app');
  const { readConfig } = load('server/config');
  const loginRoutes = load('server/routes/fsmc/login').default;

  const db = await openDatabase(database);
  await migrateToLatest(db);
  const users = demoUsers({});
  await seedIfEmpty(db, users);
  const app = await buildApp({ db, config: { ...readConfig({}), staticDir: path.join(dir, 'none'), filesDir: path.join(dir, 'files') } });
  await app.register(async (scope: any) => {
    scope.addHook('onRoute', (opts: { url: string; config?: Record<string, unknown> }) => {
      opts.url = opts.url.replace(/^\/api\/fsmc\//, PLAIN_PREFIX);
      opts.config = { ...opts.config, envelope: false };
    });
    await scope.register(loginRoutes, { prefix: '/api/fsmc' });
  });
  return { app, db, users };
}

/** A key agreed as a page does (per client since issue 9, the shared one of issue 3 before), and the admin logged in with it. */
export async function logInAdmin(load: Load, app: any, users: Array<{ userCode: string; password: string }>) {
  const envelope = load('src/shared/envelope');
  let key;
  if (envelope.envelopeKeyPair) {
    const { secretKey, publicKey } = envelope.envelopeKeyPair();
    const res = await app.inject({ method: 'GET', url: '/api/fsmc/login/encrypt-key', headers: { 'envelope-client-key': publicKey } });
    key = envelope.clientAgree(res.json().data, secretKey);
  } else {
    key = (await app.inject({ method: 'GET', url: '/api/fsmc/login/encrypt-key' })).json().data;
  }
  const admin = users.find((u) => u.userCode === 'admin')!;
  const login = await app.inject({ method: 'POST', url: LOGIN, payload: envelope.sealEnvelope({ userCode: admin.userCode, password: admin.password }, key, { method: 'POST', path: LOGIN }) });
  return { key, token: login.json().data.JwtToken as string };
}

/**
 * The load generator's sealing: the browser's envelope (AES-256-GCM, the 12-byte nonce as IV;
 * since stop 37 the envelope's fields as associated data and the tag as the signature, before it
 * the tag appended and an HMAC-SHA256 over the signed text) made with node:crypto instead of the
 * browser's pure-JS code. The load generator shares the machine's two cores with the server, and
 * noble's sealing cost it some 50 µs a request that a plain body does not: a browser's cost on
 * the user's machine, not the server's, which would have counted against the envelope here. The
 * first envelope is opened with the shared code before the run (sealsAsShared), so a drift in
 * the format shows. The checkout's own envelope module says which format it speaks
 * (`associatedText` came with the tag as signature), so BENCH_ROOT can name an older one.
 */
export function fastSealer(envelope: any, key: Record<string, any>) {
  if (key.cipher !== 'AES-GCM') return (body: unknown, target: { method: string; path: string }) => envelope.sealEnvelope(body, key, target);
  const enc = Buffer.from(key.encKey, 'base64');
  const mac = Buffer.from(key.macKey, 'base64');
  return (body: unknown, target: { method: string; path: string }) => {
    const nonce = randomBytes(12);
    const header = { flag: key.cipher, keyId: key.keyId, version: key.version, timestamp: Date.now(), nonce: nonce.toString('base64') };
    const cipher = createCipheriv('aes-256-gcm', enc, nonce);
    if (envelope.associatedText) {
      cipher.setAAD(Buffer.from(envelope.associatedText(header, target), 'utf8'));
      const data = Buffer.concat([cipher.update(JSON.stringify(body ?? {}), 'utf8'), cipher.final()]).toString('base64');
      return { ...header, data, signature: cipher.getAuthTag().toString('hex') };
    }
    const data = Buffer.concat([cipher.update(JSON.stringify(body ?? {}), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const unsigned = { ...header, data };
    const signature = envelope.signedText ? createHmac('sha256', mac).update(envelope.signedText(unsigned, target), 'utf8').digest('hex') : envelope.signEnvelope(unsigned, target, key.macKey);
    return { ...unsigned, signature };
  };
}

/** True when the checkout's shared envelope code verifies and opens what fastSealer made to this body. */
export function sealsAsShared(envelope: any, key: Record<string, any>, sealed: any, target: { method: string; path: string }, body: unknown): boolean {
  const [verified, opened] = envelope.associatedText
    ? [envelope.verifyEnvelope(sealed, target, key), envelope.openEnvelope(sealed, target, key)]
    : [envelope.verifyEnvelope(sealed, target, key.macKey), envelope.openEnvelope(sealed, key.encKey)];
  return verified && JSON.stringify(opened) === JSON.stringify(body);
}
