/**
 * Issue 10: a paged, filtered, sorted query on a 100,000-row exchange-rate table, through the
 * real route (session, payload envelope, function grant, JSON). Seeds a fresh database (PGlite by
 * default, PostgreSQL with DATABASE_URL), adds 100,000 rates (40 currency pairs × 2,500 days),
 * then asks RUNS times for page 3 of 50 rows of one pair in one year, newest first, and prints
 * the median and p95 (the first 3 calls warm up and are dropped).
 *
 *   node -r ./scripts/diagrams/register.cjs bench/resource-query.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { demoUsers, seedIfEmpty } from '../server/db/seed';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { clientAgree, envelopeKeyPair, sealEnvelope } from '../src/shared/envelope';
import { HEADERS } from '../src/shared/constants';

const ROWS = 100_000;
const PAIRS = 40;
const RUNS = 30;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-rates-'));
  const db = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.join(dir, 'db') });
  await migrateToLatest(db);
  const users = demoUsers({});
  await seedIfEmpty(db, users);
  const currencies = ['USD', 'EUR', 'JPY', 'HKD', 'GBP', 'AUD', 'CAD', 'SGD', 'CHF', 'NZD', 'KRW', 'THB', 'MYR', 'RUB', 'SEK', 'NOK', 'DKK', 'ZAR', 'AED', 'SAR'];
  const pairs = currencies.flatMap((c) => [[c, 'CNY'], ['CNY', c]]).slice(0, PAIRS);
  const days = ROWS / PAIRS;
  const start = Date.UTC(2016, 0, 1);
  const batch: Array<Record<string, unknown>> = [];
  for (const [source, target] of pairs) {
    for (let d = 0; d < days; d++) {
      batch.push({ rateDate: new Date(start + d * 86_400_000).toISOString().slice(0, 10), sourceCurrency: source, targetCurrency: target, rate: 1 + ((d * 7919) % 1000) / 1000 });
      if (batch.length === 5000) await db.insertInto('exchangeRate' as never).values(batch.splice(0) as never).execute();
    }
  }
  if (batch.length) await db.insertInto('exchangeRate' as never).values(batch.splice(0) as never).execute();
  const total = (await db.selectFrom('exchangeRate' as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number | string };

  const app = await buildApp({ db, config: { ...readConfig({}), staticDir: path.join(dir, 'none'), filesDir: path.join(dir, 'files') } });
  await app.ready();
  const { secretKey, publicKey } = envelopeKeyPair();
  const key = clientAgree((await app.inject({ method: 'GET', url: '/api/fsmc/login/encrypt-key', headers: { [HEADERS.envelopeClientKey]: publicKey } })).json().data, secretKey);
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload: (await sealEnvelope(body, key, { method: 'POST', path: url }, {})) as object, headers });
  const admin = users.find((u) => u.userCode === 'admin')!;
  const token = (await post('/api/fsmc/login/login', { userCode: admin.userCode, password: admin.password })).json().data.JwtToken as string;

  const query = { start: 3, limit: 50, sourceCurrency: 'USD', targetCurrency: 'CNY', rateDateFrom: '2019-01-01', rateDateTo: '2019-12-31', sort: { field: 'rateDate', order: 'desc' } };
  const times: number[] = [];
  let answered = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    const started = process.hrtime.bigint();
    const res = await post('/api/fsmc/exchange-rate/query', query, { JwtToken: token });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const answer = res.json();
    if (answer.code !== 0) throw new Error(JSON.stringify(answer));
    answered = answer.data.rows.length;
    if (i >= 3) times.push(ms);
  }
  times.sort((x, y) => x - y);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${total.n} exchange rates, page 3 × ${answered} rows of one pair and year, newest first; ${RUNS} calls: median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  await app.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
