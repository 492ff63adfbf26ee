/**
 * The payload envelope's server CPU alone (issue 16 point 4, stop 33): the app in this process,
 * requests by app.inject (no sockets, no load generator sharing the cores), IN_FLIGHT at a time,
 * in blocks of N alternating enveloped and plain (POST /api/fsmc/login/lang-setting, and the same
 * handler registered under /api/fsmc/plain/ with config envelope: false, as request-load.bench.ts
 * does). Each block starts after a full GC (run with --expose-gc) so that one block's garbage is
 * not collected on the next one's time. Prints the medians of CPU µs a request and of the
 * per-round ratio: far steadier than request-load's req/s and latency (a spread of about ±8
 * points against ±20), so it is the one to compare two versions of the hook with.
 *
 *   node --expose-gc -r ./scripts/diagrams/register.cjs bench/envelope-cpu.bench.ts
 *   BENCH_ROOT=/path/to/another/checkout   that checkout's server
 *   BACKEND=pglite                          PGlite instead of PostgreSQL
 *   BENCH_PG=postgres://postgres@127.0.0.1:5432   where PostgreSQL runs (its own database is created and dropped)
 *   N=6000 ROUNDS=10                        requests a block, rounds of (enveloped, plain) or (plain, enveloped)
 *
 * Not part of `npm run bench`: a tool for taking the envelope's cost apart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fastSealer, logInAdmin, PLAIN_PREFIX, sealsAsShared, WRITE, writeApp } from './support/write-app';

const IN_FLIGHT = 50;
const N = Number(process.env.N ?? 6000);
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASE = 'portal_bench_envelope_cpu';
const BODY = '{"lang":"zh-CN"}';

const root = path.resolve(process.env.BENCH_ROOT ?? path.join(__dirname, '..'));
/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
const load = (file: string) => require(path.join(root, file));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function adminPostgres(statements: string[]) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: `${PG}/postgres` });
  await client.connect();
  for (const statement of statements) await client.query(statement);
  await client.end();
}

async function main() {
  const envelope = load('src/shared/envelope');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-envelope-cpu-'));
  const postgres = process.env.BACKEND !== 'pglite';
  if (postgres) await adminPostgres([`drop database if exists ${DATABASE}`, `create database ${DATABASE}`]);
  const { app, db, users } = await writeApp(load, postgres ? { databaseUrl: `${PG}/${DATABASE}` } : { dataDir: path.join(dir, 'db') }, dir);
  await app.ready();
  const { key, token } = await logInAdmin(load, app, users);
  const headers = { JwtToken: token, 'content-type': 'application/json' };

  // Sealed as request-load.bench.ts seals, before each block: the browser's work, not the server's.
  const sealer = fastSealer(envelope, key);
  const seal = () => JSON.stringify(sealer(JSON.parse(BODY), { method: 'POST', path: WRITE }));
  if (!sealsAsShared(envelope, key, JSON.parse(seal()), { method: 'POST', path: WRITE }, JSON.parse(BODY))) throw new Error('the bench seals differently from src/shared/envelope.ts');

  type Kind = 'enveloped' | 'plain';
  const block = async (kind: Kind) => {
    const bodies = kind === 'enveloped' ? Array.from({ length: N }, seal) : [];
    (globalThis as { gc?: () => void }).gc?.();
    let sent = 0;
    const start = process.cpuUsage();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (sent < N) {
          sent++;
          const url = kind === 'enveloped' ? WRITE : WRITE.replace('/api/fsmc/', PLAIN_PREFIX);
          const res = await app.inject({ method: 'POST', url, headers, payload: kind === 'enveloped' ? bodies.pop()! : BODY });
          if (res.statusCode !== 200 || res.json().code !== 0) throw new Error(`${kind}: ${res.body}`);
        }
      }),
    );
    const used = process.cpuUsage(start);
    return (used.user + used.system) / N;
  };

  await block('enveloped');
  await block('plain');
  const cpu: Record<Kind, number[]> = { enveloped: [], plain: [] };
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order: Kind[] = round % 2 ? ['plain', 'enveloped'] : ['enveloped', 'plain'];
    const got = {} as Record<Kind, number>;
    for (const kind of order) got[kind] = await block(kind);
    cpu.enveloped.push(got.enveloped);
    cpu.plain.push(got.plain);
    ratios.push(got.enveloped / got.plain);
  }
  const pct = (ratio: number) => Math.round((ratio - 1) * 1000) / 10;
  console.log(
    JSON.stringify({
      root,
      backend: postgres ? 'postgres' : 'pglite',
      requestsPerBlock: N,
      rounds: ROUNDS,
      envelopedCpuUs: Math.round(median(cpu.enveloped) * 10) / 10,
      plainCpuUs: Math.round(median(cpu.plain) * 10) / 10,
      envelopeCostPct: pct(median(ratios)),
      perRoundPct: ratios.map(pct),
    }),
  );
  await app.close();
  await db.destroy();
  if (postgres) await adminPostgres([`drop database if exists ${DATABASE}`]);
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
