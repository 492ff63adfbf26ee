import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { RESOURCES } from '../../../src/resources';
import { CODE } from '../../../src/shared/codes';
import { EXPORT_JOB_KEEP_HOURS, EXPORT_JOB_LEASE_MS, EXPORT_JOB_MAX_ATTEMPTS, EXPORT_JOB_RUNNER_IDLE_MS, EXPORT_JOBS_WAITING_MAX, type Language } from '../../../src/shared/constants';
import type { ExportJob, ExportRequest } from '../../../src/shared/contract/export';
import { refuse } from '../../http/answer';
import type { Wire } from '../../http/route';
import type { Clock } from '../../app';
import type { Db } from '../../db/database';
import type { ExportJobTable } from '../../db/schema';
import type { QueryInput } from '../../resources/store';
import type { Translate } from '../../i18n';
import { translator } from '../../i18n';
import { csvWriter } from './csv-writer';
import { streamRows, type ExportPlan } from './export';
import { xlsxWriter } from './xlsx-writer';
import type { Masks } from '../sensitive';

/**
 * Asynchronous exports (issue 13 points 1 and 2; docs/export.md, "Jobs"). A job is a row of
 * export_job: any server process may claim a pending one, stream its rows through the export's
 * own writers into a file in FILES_DIR, and any process serves the file. The process running a
 * job renews its lease with every batch; a lease that lapses means the process died, and the
 * job is run again from the start (at most EXPORT_JOB_MAX_ATTEMPTS runs) or failed, never left
 * pending or running for ever.
 */

type JobRow = Selectable<ExportJobTable>;

const KEEP_MS = EXPORT_JOB_KEEP_HOURS * 3_600_000;
const WAITING = ['pending', 'running'] as const;

/** When a finished job and its file go. */
export const jobExpiry = (finishedAt: Date | null) => (finishedAt ? new Date(finishedAt.getTime() + KEEP_MS) : null);

/** A job as its owner sees it: the failure said in the owner's language now. */
export function jobView(row: JobRow, t: Translate): Wire<ExportJob> {
  return {
    id: row.id,
    fileName: row.fileName,
    fileType: row.fileType as ExportJob['fileType'],
    status: row.status,
    total: row.total,
    rowsDone: row.rowsDone,
    failure: row.status === 'failed' ? t(`code.${row.failureCode ?? CODE.exportJobFailed}`, row.failureParams ?? {}) : null,
    byteSize: row.byteSize === null ? null : Number(row.byteSize),
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    expiresAt: jobExpiry(row.finishedAt),
  };
}

/** The export route's job answer: the request as validated (the caller's data cut included) becomes a pending job. */
export async function createExportJob(request: FastifyRequest, plan: ExportPlan, body: ExportRequest): Promise<number> {
  const db = request.server.db;
  const ownerId = request.user!.id;
  const { waiting } = (await db
    .selectFrom('exportJob')
    .select(sql<number>`count(*)::int`.as('waiting'))
    .where('ownerId', '=', ownerId)
    .where('status', 'in', [...WAITING])
    .executeTakeFirstOrThrow()) as { waiting: number };
  if (waiting >= EXPORT_JOBS_WAITING_MAX) throw refuse(CODE.exportJobsTooMany, { max: EXPORT_JOBS_WAITING_MAX });
  const { id } = await db
    .insertInto('exportJob')
    .values({
      ownerId,
      resourceCode: plan.def.code,
      query: JSON.stringify(plan.input),
      columns: JSON.stringify(plan.columns),
      scope: body.exportType,
      dataScope: plan.scope === null ? null : JSON.stringify(plan.scope),
      // Masked as they were for the owner when asked, as the data cut is.
      masks: plan.masks?.size ? JSON.stringify(Object.fromEntries(plan.masks)) : null,
      fileType: body.fileType,
      fileName: plan.fileName,
      lang: request.lang,
      total: plan.rows ?? 0,
      createdAt: new Date(request.server.clock.now()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  request.server.exportJobs?.wake();
  return id;
}

const allColumns = (db: Db) => db.selectFrom('exportJob').selectAll();

export async function listJobs(db: Db, ownerId: number): Promise<JobRow[]> {
  return (await allColumns(db).where('ownerId', '=', ownerId).orderBy('id', 'desc').execute()) as JobRow[];
}

/** One of the owner's jobs; another user's is answered as none (2505), so ids tell nothing. */
export async function ownJob(db: Db, ownerId: number, id: number): Promise<JobRow> {
  const row = (await allColumns(db).where('id', '=', id).where('ownerId', '=', ownerId).executeTakeFirst()) as JobRow | undefined;
  if (!row) throw refuse(CODE.exportJobUnknown, { id });
  return row;
}

export const jobFilePath = (filesDir: string, storageName: string) => path.join(filesDir, storageName);
const partPath = (filesDir: string, storageName: string) => `${jobFilePath(filesDir, storageName)}.part`;

function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    /* a file already gone is what we wanted */
  }
}

/** Removes a job and its file (a running job notices at its next batch and stops). */
export async function deleteJob(db: Db, filesDir: string, row: JobRow): Promise<void> {
  await db.deleteFrom('exportJob').where('id', '=', row.id).execute();
  if (row.storageName) {
    removeQuietly(jobFilePath(filesDir, row.storageName));
    removeQuietly(partPath(filesDir, row.storageName));
  }
}

/** The job's lease was taken or the job deleted: this process stops writing it. */
class JobLost extends Error {}
/** This process is stopping: the job goes back to pending for another. */
class JobInterrupted extends Error {}

export interface ExportJobRunner {
  /** This process's name in export_job.worker_id. */
  readonly workerId: string;
  /** Claims the oldest pending job and runs it to its end; false when none was pending. */
  runNext(): Promise<boolean>;
  /** Running jobs whose lease lapsed (their process died): pending again, or failed after EXPORT_JOB_MAX_ATTEMPTS runs. */
  recover(): Promise<{ resumed: number[]; failed: number[] }>;
  /** Finished jobs older than EXPORT_JOB_KEEP_HOURS: removed with their files. */
  purge(): Promise<number>;
  /** Starts the loop: recover, purge, run what is pending, wait EXPORT_JOB_RUNNER_IDLE_MS or a wake. */
  start(): void;
  /** A job was created here: look now rather than at the next idle tick. */
  wake(): void;
  /** Ends the loop; a job in hand stops after its batch and goes back to pending. */
  stop(): Promise<void>;
}

export interface RunnerDeps {
  db: Db;
  filesDir: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /**
   * Runs the job's cursor work on one connection: the pool's (PostgreSQL), or the database
   * itself on PGlite, where one session serves everything and holding it would stop the server.
   */
  connection: <T>(work: (db: Db) => Promise<T>) => Promise<T>;
}

export function exportJobRunner({ db, filesDir, clock, log, connection }: RunnerDeps): ExportJobRunner {
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const now = () => new Date(clock.now());
  const lease = () => new Date(clock.now() + EXPORT_JOB_LEASE_MS);
  let looping = false;
  let interrupting = false;
  let wakeUp: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  const mine = (id: number) => db.updateTable('exportJob').where('id', '=', id).where('workerId', '=', workerId).where('status', '=', 'running');

  /** Atomically: one pending job becomes this process's (SKIP LOCKED: two processes never take the same). */
  async function claim(): Promise<JobRow | undefined> {
    const result = await sql<{ id: number }>`
      update export_job set status = 'running', worker_id = ${workerId}, lease_until = ${lease()}, started_at = ${now()},
        attempts = attempts + 1, rows_done = 0, storage_name = gen_random_uuid()::text || '.' || file_type
      where id = (select id from export_job where status = 'pending' order by id limit 1 for update skip locked)
      returning id`.execute(db);
    const id = result.rows[0]?.id;
    if (id === undefined) return undefined;
    return (await allColumns(db).where('id', '=', id).executeTakeFirst()) as JobRow | undefined;
  }

  async function fail(row: JobRow, code: number, params: Record<string, unknown> = {}): Promise<void> {
    await mine(row.id).set({ status: 'failed', failureCode: code, failureParams: JSON.stringify(params), finishedAt: now(), workerId: null, leaseUntil: null, storageName: null }).execute();
  }

  async function run(row: JobRow): Promise<void> {
    const def = RESOURCES.find((d) => d.code === row.resourceCode);
    // A table this version no longer has (the job was asked before an upgrade).
    if (!def) return fail(row, CODE.exportJobFailed);
    // Named by the server when claimed: a fresh name each run, so a run that lost its lease never writes another's file.
    const storage = row.storageName!;
    const part = partPath(filesDir, storage);
    const plan: ExportPlan = { def, input: row.query as QueryInput, columns: row.columns, fileName: row.fileName, writer: row.fileType === 'xlsx' ? xlsxWriter() : csvWriter(), scope: row.dataScope, page: null, masks: new Map(Object.entries(row.masks ?? {})) as Masks };
    const out = new PassThrough();
    let written = 0;
    let file: Promise<void> | null = null;
    try {
      fs.mkdirSync(filesDir, { recursive: true });
      file = pipeline(out, fs.createWriteStream(part, { flags: 'wx' }));
      const lang = row.lang as Language;
      await streamRows(db, plan, out, lang, translator(lang), {
        held: { cursor: `export_job_${row.id}`, on: connection },
        onBatch: async (rows) => {
          written = rows;
          if (interrupting) throw new JobInterrupted();
          const renewed = await mine(row.id).set({ rowsDone: rows, leaseUntil: lease() }).executeTakeFirst();
          if (Number(renewed.numUpdatedRows) === 0) throw new JobLost();
        },
      });
      await file;
      const { size } = fs.statSync(part);
      fs.renameSync(part, jobFilePath(filesDir, storage));
      const done = await mine(row.id).set({ status: 'done', rowsDone: written, byteSize: size, finishedAt: now(), workerId: null, leaseUntil: null }).executeTakeFirst();
      // Deleted (or taken over) while the last batch was written: the file is nobody's.
      if (Number(done.numUpdatedRows) === 0) removeQuietly(jobFilePath(filesDir, storage));
    } catch (error) {
      out.destroy();
      await file?.catch(() => undefined);
      removeQuietly(part);
      if (error instanceof JobLost) return;
      if (error instanceof JobInterrupted) {
        // Not the job's fault: it goes back to the queue without using up a run.
        await mine(row.id).set({ status: 'pending', rowsDone: 0, workerId: null, leaseUntil: null, storageName: null, attempts: sql<number>`attempts - 1` as never }).execute();
        return;
      }
      log.error({ err: error, job: row.id }, 'export job failed');
      await fail(row, CODE.exportJobFailed);
    }
  }

  const runner: ExportJobRunner = {
    workerId,
    async runNext() {
      const row = await claim();
      if (!row) return false;
      await run(row);
      return true;
    },
    async recover() {
      const lapsed = (await allColumns(db).where('status', '=', 'running').where('leaseUntil', '<', now()).execute()) as JobRow[];
      const resumed: number[] = [];
      const failed: number[] = [];
      for (const row of lapsed) {
        const giveUp = row.attempts >= EXPORT_JOB_MAX_ATTEMPTS;
        // Only if still lapsed and still that process's: another process may have recovered it first.
        const changed = await db
          .updateTable('exportJob')
          .set(
            giveUp
              ? { status: 'failed', failureCode: CODE.exportJobInterrupted, failureParams: JSON.stringify({ attempts: row.attempts }), finishedAt: now(), workerId: null, leaseUntil: null, storageName: null }
              : { status: 'pending', rowsDone: 0, workerId: null, leaseUntil: null, storageName: null },
          )
          .where('id', '=', row.id)
          .where('status', '=', 'running')
          .where('workerId', 'is not distinct from', row.workerId)
          .where('leaseUntil', '<', now())
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) continue;
        if (row.storageName) removeQuietly(partPath(filesDir, row.storageName));
        (giveUp ? failed : resumed).push(row.id);
      }
      if (resumed.length || failed.length) log.warn({ resumed, failed }, 'export jobs whose process died: resumed or failed');
      return { resumed, failed };
    },
    async purge() {
      const old = (await allColumns(db)
        .where('status', 'in', ['done', 'failed'])
        .where('finishedAt', '<', new Date(clock.now() - KEEP_MS))
        .execute()) as JobRow[];
      for (const row of old) await deleteJob(db, filesDir, row);
      return old.length;
    },
    start() {
      if (looping) return;
      looping = true;
      loop = (async () => {
        while (looping) {
          try {
            await runner.recover();
            await runner.purge();
            while (looping && (await runner.runNext()));
          } catch (error) {
            log.error({ err: error }, 'export job runner');
          }
          if (!looping) break;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, EXPORT_JOB_RUNNER_IDLE_MS);
            wakeUp = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wakeUp = null;
        }
      })();
    },
    wake() {
      wakeUp?.();
    },
    async stop() {
      looping = false;
      interrupting = true;
      wakeUp?.();
      try {
        await loop;
      } finally {
        loop = null;
        interrupting = false;
      }
    },
  };
  return runner;
}

/** Declared here so the route and the plugin share the runner's type. */
declare module 'fastify' {
  interface FastifyInstance {
    /** The export jobs' runner of this process (server/plugins/export-jobs.ts). */
    exportJobs: ExportJobRunner;
  }
}
