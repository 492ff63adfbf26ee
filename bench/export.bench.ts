/**
 * Issue 13 point 2: 1,000,000 rows × 10 columns exported as csv (goal ≤ 5 s, ≤ 100 MB) and xlsx
 * (≤ 10 s, ≤ 150 MB) through the export service's own streaming path, beside exceljs's streaming
 * WorkbookWriter on the same rows, side by side in one run (bench/README.md, "Export").
 *
 * The parent builds bench/export.child.ts with rspack (as the server is built), seeds ROWS
 * accounts into the database (PostgreSQL with DATABASE_URL, else PGlite in a temporary
 * directory), then runs each export RUNS times, each in a child process of its own so its peak
 * RSS is that export's; rounds rotate which export goes first. It prints every run, then the
 * medians and the ratios to exceljs.
 *
 *   psql -h 127.0.0.1 -U postgres -c "create database bench_export"
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_export node -r ./scripts/diagrams/register.cjs bench/export.bench.ts
 *   node -r ./scripts/diagrams/register.cjs bench/export.bench.ts            # PGlite
 *
 * ROWS (1,000,000), RUNS (3), ONLY (csv,xlsx,exceljs,none), CHILD_FLAGS (Node flags for the children), and BENCH_DIR: a PGlite directory to
 * keep (seeded once, reused); KEEP_CHILD=1 keeps the built child to run by hand. On PostgreSQL the marked rows are reused when there are ROWS of them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { rspack, type Configuration } from '@rspack/core';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { demoUsers, seedIfEmpty } from '../server/db/seed';
import { BENCH_COLUMNS, BENCH_MARK } from './export.data';
import { jsonTarget, machine, round, row, writeReport } from './support/report.cjs';

const ROOT = path.resolve(__dirname, '..');
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 3);
const WHAT = (process.env.ONLY ?? 'csv,xlsx,exceljs,none').split(',') as Array<'csv' | 'xlsx' | 'exceljs' | 'none'>;
/** Node flags for the children only (e.g. `--max-old-space-size=256`), to see what V8's heap sizing does to the peak. */
const CHILD_FLAGS = (process.env.CHILD_FLAGS ?? '').split(' ').filter(Boolean);
const GOALS: Record<string, { ms: number; mb: number }> = { csv: { ms: 5000, mb: 100 }, xlsx: { ms: 10_000, mb: 150 } };
const JSON_FILE = jsonTarget();

interface Run {
  what: string;
  ms: number;
  /** CPU time of the child, and of the PostgreSQL backends serving it (null on PGlite, which runs in the child). */
  cpuMs: number;
  pgCpuMs: number | null;
  bytes: number;
  rssBeforeMb: number;
  peakRssMb: number;
  /** The largest V8 heap and outside-heap figures sampled during the run. */
  mostMb: Record<string, number>;
}

/** The child as the server is built: one ES module, packages left in node_modules. */
function build(outDir: string): Promise<string> {
  const swc = { loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } } };
  const config: Configuration = {
    mode: 'production',
    context: ROOT,
    target: 'node20',
    devtool: false,
    entry: { child: './bench/export.child.ts' },
    output: { path: outDir, filename: '[name].mjs', chunkFilename: '[name].mjs', module: true, chunkFormat: 'module', library: { type: 'module' }, clean: true },
    externalsType: 'module-import',
    externalsPresets: { node: true },
    externals: [({ request }, callback) => (request && !request.startsWith('.') && !path.isAbsolute(request) ? callback(undefined, request) : callback())],
    resolve: { extensions: ['.ts', '.js', '.json'] },
    module: { rules: [{ test: /\.ts$/, exclude: /node_modules/, use: swc, type: 'javascript/auto' }] },
    optimization: { minimize: false },
    performance: { hints: false },
  };
  return new Promise((resolve, reject) =>
    rspack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(path.join(outDir, 'child.mjs'));
    }),
  );
}

/** ROWS marked accounts: a 30-character mixed Chinese and Latin name, ten exported columns. */
async function seed(dataDir: string): Promise<void> {
  const db = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir });
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db, demoUsers({}));
    const { n } = (await sql<{ n: number }>`select count(*)::int as n from account where acct_no like ${`${BENCH_MARK}%`}`.execute(db)).rows[0]!;
    if (n === ROWS) return console.log(`${ROWS.toLocaleString('en')} accounts already seeded`);
    const started = Date.now();
    await sql`delete from account where acct_no like ${`${BENCH_MARK}%`}`.execute(db);
    await sql`insert into account (acct_no, acct_name, org_code, office_code, currency_code, bank_code, line_number, acct_nature, balance)
      select ${BENCH_MARK} || lpad(i::text, 9, '0'), '华东实业有限公司 benchmark account ' || i, 'SH0' || (i % 3), 'FO' || (i % 5), 'CNY', '102',
        lpad((i::bigint * 7919 % 1000000000000)::text, 12, '0'), '基本户', (i::bigint * 37 % 1000000) / 100.0
      from generate_series(1, ${ROWS}) as i`.execute(db);
    await sql`analyze account`.execute(db);
    console.log(`${ROWS.toLocaleString('en')} accounts seeded in ${Date.now() - started} ms`);
  } finally {
    await db.destroy();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-export-'));
  const dataDir = process.env.BENCH_DIR ?? path.join(scratch, 'db');
  try {
    // Inside the repository, so the child's packages resolve from node_modules as the built server's do.
    const childDir = path.join(ROOT, '.tmp', `bench-export-${process.pid}`);
    const child = await build(childDir);
    if (!process.env.KEEP_CHILD) process.on('exit', () => fs.rmSync(childDir, { recursive: true, force: true }));
    else console.log(`child kept: ${child}`);
    await seed(dataDir);
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const atStart = machine();
    console.log(`${database}, ${ROWS.toLocaleString('en')} rows${CHILD_FLAGS.length ? ` (children run with ${CHILD_FLAGS.join(' ')})` : ''} × ${BENCH_COLUMNS.length} columns, ${RUNS} runs each; ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)}`);
    const runs: Run[] = [];
    for (let round = 0; round < RUNS; round++) {
      // Each round starts with another export, so none always runs on a cold or a warm cache.
      const order = WHAT.map((_, i) => WHAT[(i + round) % WHAT.length]!);
      for (const what of order) {
        const file = path.join(scratch, `export.${what}`);
        const line = execFileSync(process.execPath, [...CHILD_FLAGS, child, what, file, dataDir], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 20 });
        fs.rmSync(file, { force: true });
        const run = JSON.parse(line.trim().split('\n').pop()!) as Run;
        runs.push(run);
        console.log(`round ${round + 1}  ${what.padEnd(7)} ${String(run.ms).padStart(6)} ms  cpu ${run.cpuMs}${run.pgCpuMs === null ? '' : ` + PostgreSQL ${run.pgCpuMs}`} ms  ${(run.bytes / 1e6).toFixed(1).padStart(6)} MB file  RSS ${run.rssBeforeMb} → ${run.peakRssMb} MB  ${JSON.stringify(run.mostMb)}`);
      }
    }
    console.log(`\nmedians of ${RUNS} (load average now ${os.loadavg()[0]!.toFixed(2)})`);
    console.log('export   time      cpu (child + PostgreSQL)  peak RSS  before  growth  file      goal (on the growth)');
    const med = new Map<string, { ms: number; peak: number; growth: number }>();
    for (const what of WHAT) {
      const mine = runs.filter((r) => r.what === what);
      const growth = median(mine.map((r) => r.peakRssMb - r.rssBeforeMb));
      const m = { ms: median(mine.map((r) => r.ms)), peak: median(mine.map((r) => r.peakRssMb)), growth };
      med.set(what, m);
      const before = median(mine.map((r) => r.rssBeforeMb));
      const pg = mine[0]!.pgCpuMs === null ? '' : ` + ${(median(mine.map((r) => r.pgCpuMs!)) / 1000).toFixed(2)} s`;
      const cpu = `${(median(mine.map((r) => r.cpuMs)) / 1000).toFixed(2)} s${pg}`;
      const goal = GOALS[what] ? `≤ ${GOALS[what]!.ms / 1000} s, ≤ ${GOALS[what]!.mb} MB: ${m.ms <= GOALS[what]!.ms && growth <= GOALS[what]!.mb ? 'met' : 'NOT met'}` : '';
      console.log(`${what.padEnd(8)} ${(m.ms / 1000).toFixed(2).padStart(6)} s  ${cpu.padEnd(24)}  ${String(m.peak).padStart(6)} MB  ${String(before).padStart(4)} MB  ${String(growth).padStart(4)} MB  ${(median(mine.map((r) => r.bytes)) / 1e6).toFixed(1).padStart(5)} MB  ${goal}`);
    }
    const ours = med.get('xlsx');
    const theirs = med.get('exceljs');
    if (ours && theirs) console.log(`\nxlsx, ours / exceljs: time ${(ours.ms / theirs.ms).toFixed(2)} (${(theirs.ms / ours.ms).toFixed(1)}× faster), peak RSS ${(ours.peak / theirs.peak).toFixed(2)}, growth ${(ours.growth / theirs.growth).toFixed(2)}`);
    if (JSON_FILE) {
      const group = { group: `Export, ${ROWS.toLocaleString('en')} rows × ${BENCH_COLUMNS.length} columns (${database})` };
      const label: Record<string, string> = { csv: 'csv (ours)', xlsx: 'xlsx (ours)', exceljs: "xlsx by exceljs's streaming WorkbookWriter", none: 'fetch and format only, no file' };
      const rows = [];
      for (const what of WHAT) {
        const m = med.get(what)!;
        const goal = GOALS[what];
        rows.push(
          row(`${label[what]}: time`, round(m.ms / 1000), 's', goal ? `≤ ${goal.ms / 1000} s` : null, goal ? m.ms <= goal.ms : null, { ...group, note: `median of ${RUNS}` }),
          row(`${label[what]}: peak memory (RSS growth)`, Math.round(m.growth), 'MB', goal ? `≤ ${goal.mb} MB` : null, goal ? m.growth <= goal.mb : null, { ...group, note: `whole process ${Math.round(m.peak)} MB` }),
        );
      }
      if (ours && theirs)
        rows.push(
          row('ratio xlsx ours / exceljs: time', round(ours.ms / theirs.ms), '×', null, null, group),
          row('ratio xlsx ours / exceljs: memory growth', round(ours.growth / theirs.growth), '×', null, null, group),
        );
      writeReport(JSON_FILE, {
        rows,
        machine: atStart,
        method: `${ROWS.toLocaleString('en')} accounts seeded in SQL (${database}${process.env.DATABASE_URL ? '' : ', a fresh directory'}); each export runs in a child process of its own through the export service's streamRows into a file, ${RUNS} rounds rotating which goes first; medians. Peak memory is the child's peak RSS minus its RSS before the export starts (the whole process's peak beside it); exceljs gets the same rows through the same path into its streaming WorkbookWriter.`,
      });
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
