/**
 * One measured export of bench/export.bench.ts, in a process of its own (the parent builds this
 * file with rspack, as the server is built, so no TypeScript compiler sits in the measured
 * memory). It opens the database, notes its RSS, runs the export service's own `streamRows`
 * (the table's query, the cursor's batches, the cells as the table shows them, the writer, the
 * drain) into a file, and prints one JSON line: time, file size, RSS before and peak.
 *
 *   node child.mjs <what> <file> <PGlite dir>      what: csv | xlsx | exceljs | none; DATABASE_URL for PostgreSQL
 *
 * `exceljs` runs the same rows through the same path, but the cells go to exceljs's streaming
 * WorkbookWriter (which writes the file itself) instead of our writer; `none` formats the cells
 * and writes nothing: the database's and the cells' share of the time. The csv no longer goes
 * through the cells: its writer reads the rows' record bytes itself (csv-records.ts), so `none`
 * is the xlsx's way to its cells, not the csv's.
 */
import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../server/db/database';
import { streamRows, type ExportPlan } from '../server/services/export/export';
import { csvWriter } from '../server/services/export/csv-writer';
import { XLSX_DEFLATE_LEVEL, xlsxWriter } from '../server/services/export/xlsx-writer';
import type { SheetWriter } from '../server/services/export/sheet';
import { translator } from '../server/i18n';
import account from '../src/resources/defs/account';
import { BENCH_COLUMNS, BENCH_MARK } from './export.data';

const APP = `bench-export-${process.pid}`;
const NO_FILE: SheetWriter = { contentType: '', start: () => [], rows: () => [], end: () => [] };

/**
 * CPU time the PostgreSQL server spent for this process's connections (their backends' utime and
 * stime, from /proc: the server runs on this machine). With the child's own CPU time, a figure
 * that other work on a busy machine sways far less than the wall-clock time.
 */
async function postgresCpuMs(db: Db): Promise<number | null> {
  if (!process.env.DATABASE_URL) return null;
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and application_name = ${APP}`.execute(db);
  const tick = 1000 / 100; // USER_HZ
  let ms = 0;
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      return null;
    }
  }
  return Math.round(ms);
}

async function main() {
  const [what, file, dataDir] = process.argv.slice(2) as ['csv' | 'xlsx' | 'exceljs' | 'none', string, string];
  // Named, so the server's CPU time for this child's connections can be read afterwards.
  const url = process.env.DATABASE_URL ? `${process.env.DATABASE_URL}${process.env.DATABASE_URL.includes('?') ? '&' : '?'}application_name=${APP}` : undefined;
  const db = await openDatabase(url ? { databaseUrl: url } : { dataDir });
  const before = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  // Where the peak sits (V8's heap, or memory outside it: Buffers, zlib, the driver's socket).
  const most = { heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    for (const k of Object.keys(most) as Array<keyof typeof most>) most[k] = Math.max(most[k], m[k]);
  }, 20);
  const started = process.hrtime.bigint();
  const target = fs.createWriteStream(file);
  let writer: SheetWriter;
  let commit = async (): Promise<void> => undefined;
  if (what === 'exceljs') {
    // Its fastest settings, and our deflate level: no shared strings, no styles.
    // Loaded only here, so our exports' memory does not include it.
    const { default: excel } = await import('exceljs');
    const book = new excel.stream.xlsx.WorkbookWriter({ stream: target, useSharedStrings: false, useStyles: false, zip: { zlib: { level: XLSX_DEFLATE_LEVEL } } });
    const sheet = book.addWorksheet('Sheet1');
    writer = {
      contentType: '',
      start: (headers) => (sheet.addRow([...headers]).commit(), []),
      rows: (rows) => {
        for (const cells of rows) sheet.addRow(cells as ExcelJS.CellValue[]).commit();
        return [];
      },
      end: () => [],
    };
    commit = async () => {
      sheet.commit();
      await book.commit();
    };
  } else writer = what === 'csv' ? csvWriter() : what === 'xlsx' ? xlsxWriter() : NO_FILE;
  const plan: ExportPlan = { def: account, input: { start: 1, limit: 1, acctNo: BENCH_MARK }, columns: BENCH_COLUMNS, fileName: `bench.${what}`, writer, scope: null, page: null };
  const out = new PassThrough();
  if (what === 'exceljs') out.resume();
  else out.pipe(target);
  await streamRows(db, plan, out, 'zh-CN', translator('zh-CN'));
  await commit();
  // exceljs ends the file itself when its zip is done; ours are piped, and the pipe ends the
  // file once the last chunk is in (ending it here cut the file's last chunks off).
  if (what === 'exceljs' && !target.writableEnded) target.end();
  await finished(target);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  clearInterval(sample);
  const bytes = fs.statSync(file).size;
  const cpu = process.cpuUsage(cpuBefore);
  const pgCpuMs = await postgresCpuMs(db);
  process.stdout.write(`${JSON.stringify({ what, ms: Math.round(ms), bytes, cpuMs: Math.round((cpu.user + cpu.system) / 1e3), pgCpuMs, rssBeforeMb: Math.round(before / 1e6), peakRssMb: Math.round((process.resourceUsage().maxRSS * 1024) / 1e6), mostMb: Object.fromEntries(Object.entries(most).map(([k, v]) => [k, Math.round(v / 1e6)])) })}\n`);
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
