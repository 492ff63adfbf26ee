/**
 * Throughput and tail latency of the request path under load (issue 9): an authenticated read
 * (GET /auth/userinfo/my-profile: session check) and an enveloped write (POST
 * /login/lang-setting: session check, envelope opened, nonce claimed, one UPDATE), each with
 * CONNECTIONS keep-alive connections for SECONDS seconds against the real app listening on a
 * port, on a fresh PGlite database (PostgreSQL with DATABASE_URL).
 *
 *   node -r ./scripts/diagrams/register.cjs bench/request-load.bench.ts
 *   BENCH_ROOT=/path/to/another/checkout node -r ./scripts/diagrams/register.cjs bench/request-load.bench.ts
 *
 * BENCH_ROOT loads the server of another checkout (the "before" figures); the script speaks
 * both the shared key of issue 3 and the per-client agreement of issue 9.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const CONNECTIONS = 50;
const SECONDS = 10;
const root = path.resolve(process.env.BENCH_ROOT ?? path.join(__dirname, '..'));
/* eslint-disable @typescript-eslint/no-require-imports */
const load = (file: string) => require(path.join(root, file));

interface Shot {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: () => string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function send(port: number, shot: Shot): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = shot.body?.();
    const req = http.request({ host: '127.0.0.1', port, method: shot.method, path: shot.path, agent, headers: { ...shot.headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => (res.statusCode === 200 && JSON.parse(text).code === 0 ? resolve(res.statusCode) : reject(new Error(`${res.statusCode} ${text}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** CONNECTIONS loops sending one request after another for SECONDS; answers req/s and latency percentiles. */
async function hammer(port: number, shot: Shot) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        try {
          await send(port, shot);
          latencies.push(performance.now() - start);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  return { requests: latencies.length, errors, rps: Math.round(latencies.length / SECONDS), p50: pct(50), p99: pct(99) };
}

async function main() {
  const { openDatabase } = load('server/db/database');
  const { migrateToLatest } = load('server/db/migrate');
  const { demoUsers, seedIfEmpty } = load('server/db/seed');
  const { buildApp } = load('server/app');
  const { readConfig } = load('server/config');
  const envelope = load('src/shared/envelope');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-load-'));
  const db = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.join(dir, 'db') });
  await migrateToLatest(db);
  const users = demoUsers({});
  await seedIfEmpty(db, users);
  const app = await buildApp({ db, config: { ...readConfig({}), staticDir: path.join(dir, 'none'), filesDir: path.join(dir, 'files') } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;

  // The key: agreed per client when the server speaks issue 9, else the shared key it hands out.
  let key;
  if (envelope.envelopeKeyPair) {
    const { secretKey, publicKey } = envelope.envelopeKeyPair();
    const res = await app.inject({ method: 'GET', url: '/api/fsmc/login/encrypt-key', headers: { 'envelope-client-key': publicKey } });
    key = envelope.clientAgree(res.json().data, secretKey);
  } else {
    key = (await app.inject({ method: 'GET', url: '/api/fsmc/login/encrypt-key' })).json().data;
  }
  const admin = users.find((u: { userCode: string }) => u.userCode === 'admin');
  const LOGIN = '/api/fsmc/login/login';
  const login = await app.inject({ method: 'POST', url: LOGIN, payload: envelope.sealEnvelope({ userCode: admin.userCode, password: admin.password }, key, { method: 'POST', path: LOGIN }) });
  const token = login.json().data.JwtToken as string;

  const read = await hammer(port, { method: 'GET', path: '/api/fsmc/auth/userinfo/my-profile', headers: { JwtToken: token } });
  const WRITE = '/api/fsmc/login/lang-setting';
  const write = await hammer(port, {
    method: 'POST',
    path: WRITE,
    headers: { JwtToken: token },
    // A fresh envelope per request: each nonce is accepted once.
    body: () => JSON.stringify(envelope.sealEnvelope({ lang: 'zh-CN' }, key, { method: 'POST', path: WRITE })),
  });
  console.log(JSON.stringify({ root, connections: CONNECTIONS, seconds: SECONDS, read, write }));
  agent.destroy();
  await app.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
