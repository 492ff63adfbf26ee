/**
 * Issue 13 point 2: the export's streaming path on ROWS accounts × 10 columns, as csv and as
 * xlsx, each in a child process of its own so its peak memory (maxRSS) is the export's and not
 * the seeding's. The parent seeds a fresh database (PGlite by default, PostgreSQL with
 * DATABASE_URL) and adds the rows in SQL; each child opens it, measures its memory before,
 * streams every row through the cursor and the writer into a sink that only counts bytes (as a
 * fast client would read them), and reports time, file size and peak RSS. With PGlite the
 * database runs inside the child, so its peak includes PGlite's own memory.
 *
 *   node -r ./scripts/diagrams/register.cjs bench/export.bench.ts                 # PGlite, 100,000 rows
 *   ROWS=1000000 node -r ./scripts/diagrams/register.cjs bench/export.bench.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<empty db> node -r ./scripts/diagrams/register.cjs bench/export.bench.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { demoUsers, seedIfEmpty } from '../server/db/seed';
import { streamRows, type ExportPlan } from '../server/services/export/export';
import { csvWriter } from '../server/services/export/csv-writer';
import { xlsxWriter } from '../server/services/export/xlsx-writer';
import type { SheetWriter } from '../server/services/export/sheet';
import { translator } from '../server/i18n';
import account from '../src/resources/defs/account';

const ROWS = Number(process.env.ROWS ?? 100_000);
const COLUMNS = ['acctNo', 'acctName', 'orgCode', 'officeCode', 'currencyCode', 'bankCode', 'lineNumber', 'acctNature', 'balance', 'recordState'];
const MARK = 'BENCH';

const open = (dir: string) => openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.join(dir, 'db') });

async function seed(dir: string): Promise<void> {
  const db = await open(dir);
  await migrateToLatest(db);
  await seedIfEmpty(db, demoUsers({}));
  await sql`insert into account (acct_no, acct_name, org_code, office_code, currency_code, bank_code, line_number, acct_nature, balance)
    select ${MARK} || lpad(i::text, 9, '0'), '华东实业有限公司 benchmark account ' || i, 'SH0' || (i % 3), 'FO' || (i % 5), 'CNY', '102', lpad((i * 7919 % 1000000000000)::text, 12, '0'), '基本户', (i * 37 % 1000000) / 100.0
    from generate_series(1, ${ROWS}) as i`.execute(db);
  await db.destroy();
}

/** `none`: the cursor and the cell formatting alone, to tell the database's share from the writers'. */
const NO_FILE: SheetWriter = { contentType: '', start: () => [], rows: () => [], end: () => [] };

async function child(dir: string, format: 'csv' | 'xlsx' | 'none'): Promise<void> {
  const db: Db = await open(dir);
  const before = process.memoryUsage().rss;
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const plan: ExportPlan = { def: account, input: { start: 1, limit: 1, acctNo: MARK }, columns: COLUMNS, fileName: `bench.${format}`, writer: format === 'csv' ? csvWriter() : format === 'xlsx' ? xlsxWriter() : NO_FILE, scope: null, page: null };
  const out = new PassThrough();
  const finished = new Promise<void>((resolve, reject) => sink.on('finish', resolve).on('error', reject));
  out.pipe(sink);
  const started = process.hrtime.bigint();
  await streamRows(db, plan, out, 'zh-CN', translator('zh-CN'));
  await finished;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(JSON.stringify({ format, ms: Math.round(ms), mb: +(bytes / 1e6).toFixed(1), rssBeforeMb: Math.round(before / 1e6), peakRssMb: Math.round((process.resourceUsage().maxRSS * 1024) / 1e6) }) + '\n');
  await db.destroy();
}

async function main() {
  const [mode, dir, format] = process.argv.slice(2);
  if (mode === '--child') return child(dir!, format as 'csv' | 'xlsx' | 'none');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-export-'));
  const seeding = Date.now();
  await seed(root);
  console.log(`${ROWS} accounts × ${COLUMNS.length} columns seeded in ${Date.now() - seeding} ms on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  for (const f of ['none', 'csv', 'xlsx', 'none', 'csv', 'xlsx']) {
    const line = execFileSync(process.execPath, [...process.execArgv, __filename, '--child', root, f], { encoding: 'utf8', maxBuffer: 1 << 20 });
    console.log(line.trim());
  }
  fs.rmSync(root, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
