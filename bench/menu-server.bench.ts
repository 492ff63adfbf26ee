/**
 * How long POST /auth/userMenu/query-user-menu takes for a user granted 5,000 leaves (issue 5
 * point 3). Seeds a fresh database (PGlite by default, PostgreSQL with DATABASE_URL), adds 10
 * areas × 50 groups × 10 leaves granted to the administrator duty, then calls the real route
 * through the real app (session, envelope, JSON) and prints the median and p95 of RUNS calls.
 *
 *   node -r ./scripts/diagrams/register.cjs bench/menu-server.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { demoUsers, seedIfEmpty } from '../server/db/seed';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { setDutyFunctions, dutyFunctionIds } from '../server/services/duties';
import { sealEnvelope, type EnvelopeKey } from '../src/shared/envelope';

const LEAVES = 5000;
const AREAS = 10;
const GROUPS_PER_AREA = 50;
const RUNS = 30;
const FIRST_ID = 9_000_000;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-menu-'));
  const db = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.join(dir, 'db') });
  await migrateToLatest(db);
  const users = demoUsers({});
  await seedIfEmpty(db, users);

  const rows: Array<{ id: number; fatherFunctionId: number | null; functionName: string; functionNameEn: string; funcUrl: string | null; funcOrder: number }> = [];
  let id = FIRST_ID;
  const leavesPerGroup = LEAVES / (AREAS * GROUPS_PER_AREA);
  for (let a = 0; a < AREAS; a++) {
    const area = id++;
    rows.push({ id: area, fatherFunctionId: null, functionName: `区域${a}`, functionNameEn: `Area ${a}`, funcUrl: null, funcOrder: 100 + a });
    for (let g = 0; g < GROUPS_PER_AREA; g++) {
      const group = id++;
      rows.push({ id: group, fatherFunctionId: area, functionName: `分组${a}-${g}`, functionNameEn: `Group ${a}-${g}`, funcUrl: null, funcOrder: g });
      for (let l = 0; l < leavesPerGroup; l++) {
        const leaf = id++;
        rows.push({ id: leaf, fatherFunctionId: group, functionName: `页面${leaf}`, functionNameEn: `Page ${leaf}`, funcUrl: `/bench/${leaf}`, funcOrder: l });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 2000) await db.insertInto('func').values(rows.slice(i, i + 2000)).execute();
  const admin = await db.selectFrom('duty').select('id').where('dutyCode', '=', 'ADMIN').executeTakeFirstOrThrow();
  // Only the leaves are granted: the ancestors must come from the menu query itself.
  await setDutyFunctions(db, admin.id, [...(await dutyFunctionIds(db, admin.id)), ...rows.filter((r) => r.funcUrl).map((r) => r.id)]);

  const app = await buildApp({ db, config: { ...readConfig({}), staticDir: path.join(dir, 'none'), filesDir: path.join(dir, 'files') } });
  await app.ready();
  const key = (await app.inject({ method: 'GET', url: '/api/fsmc/login/encrypt-key' })).json().data as EnvelopeKey;
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const payload = await sealEnvelope(body, key, { method: 'POST', path: url }, {});
    return app.inject({ method: 'POST', url, payload: payload as object, headers });
  };
  const adminUser = users.find((u) => u.userCode === 'admin')!;
  const login = (await post('/api/fsmc/login/login', { userCode: adminUser.userCode, password: adminUser.password })).json();
  const token = login.data.JwtToken as string;

  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    const started = process.hrtime.bigint();
    const res = await post('/api/fsmc/auth/userMenu/query-user-menu', {}, { JwtToken: token, lang: 'en-US' });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const answer = res.json();
    if (answer.code !== 0) throw new Error(JSON.stringify(answer));
    count = answer.data.length;
    if (i >= 3) times.push(ms); // the first calls warm the caches and the JIT
  }
  times.sort((x, y) => x - y);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${count} menu rows (${LEAVES} bench leaves), ${RUNS} calls: median ${at(0.5)} ms, p95 ${at(0.95)} ms`);

  await app.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
