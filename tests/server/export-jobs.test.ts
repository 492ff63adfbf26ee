import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { strFromU8, unzipSync } from 'fflate';
import { CODE } from '../../src/shared/codes';
import { EXPORT_ASYNC, EXPORT_CONFIRM_ABOVE, EXPORT_JOB_KEEP_HOURS, EXPORT_JOB_LEASE_MS, EXPORT_JOB_MAX_ATTEMPTS, EXPORT_JOBS_WAITING_MAX } from '../../src/shared/constants';
import { exportTableUrl, type ExportJob } from '../../src/shared/contract/export';
import { exportJobRunner } from '../../server/services/export/jobs';
import { isEmbedded } from '../../server/db/database';
import { EXPORT_BATCH_ROWS } from '../../server/services/export/export';
import { XLSX_SHEET_PATH } from '../../server/services/export/xlsx-writer';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, startTestAppOn, type TestApp } from './support/test-server';

type Answer<T = unknown> = { code: number; msg: string; data: T };
const EXPORT = '/api/fsmc/common/export';
const JOBS = '/api/fsmc/common/export/jobs';
const JOB = '/api/fsmc/common/export/job';
const DOWNLOAD = '/api/fsmc/common/export/job/download';
const DELETE = '/api/fsmc/common/export/job/delete';
/** Above the 10,000 of a synchronous export, and several batches, so progress has steps to show. */
const ROWS = Math.max(EXPORT_CONFIRM_ABOVE + 4_345, 5 * EXPORT_BATCH_ROWS + 345);

/**
 * Issue 13's asynchronous export (docs/export.md, "Jobs"): above 10,000 rows the export is a job
 * in the database; a runner writes its file with progress; only its owner sees and downloads it;
 * a job whose process died is run again or failed; a failure says why. The runner's loop is
 * stopped: each test drives its steps (the clock is the server's, advanced, never slept on).
 */
describe.each(availableBackends())('export jobs on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.exportJobs.stop();
    admin = await t.login(DEMO.admin);
    staff = await t.login(DEMO.staff);
    await sql`insert into account (acct_no, acct_name, org_code, currency_code, bank_code, balance)
      select 'EJB' || lpad(i::text, 6, '0'), 'ExportJobRow ' || i, 'HQ', 'CNY', '102', i from generate_series(1, ${ROWS}) as i`.execute(t.db);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const body = (extra: Record<string, unknown> = {}) => ({
    fileName: '大批账户',
    fileType: 'csv',
    exportType: '02',
    total: ROWS,
    tableUrl: exportTableUrl('account'),
    exportColumn: ['acctNo', 'acctName', 'balance'],
    query: { start: 1, limit: 10, acctName: 'ExportJobRow', sort: { field: 'acctNo', order: 'desc' } },
    ...extra,
  });
  const requestJob = async (token: string, extra: Record<string, unknown> = {}) => (await t.post<{ exportType: number; jobId: number }>(EXPORT, body(extra), { token })).body;
  const jobs = async (token: string, lang = 'zh-CN') => (await t.get<ExportJob[]>(JOBS, undefined, { token, lang })).body;
  const job = async (token: string, id: number, lang = 'zh-CN') => (await t.post<ExportJob>(JOB, { id }, { token, lang })).body;
  async function download(token: string, id: number) {
    const payload = await t.seal(DOWNLOAD, { id }, { token });
    const res = await t.app.inject({ method: 'POST', url: DOWNLOAD, payload: payload as object, headers: { JwtToken: token } });
    const type = String(res.headers['content-type'] ?? '');
    return { type, disposition: String(res.headers['content-disposition'] ?? ''), bytes: res.rawPayload, json: type.includes('application/json') ? (res.json() as Answer) : null };
  }
  const csvLines = (bytes: Buffer) => bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter((l) => l !== '');
  const storedFiles = () => (fs.existsSync(t.config.filesDir) ? fs.readdirSync(t.config.filesDir) : []);
  const clearJobs = () => t.db.deleteFrom('exportJob').execute();

  it('above 10,000 rows: a pending job for the caller, progress rising while it runs, then its file with every row in the table\'s order', async () => {
    await clearJobs();
    const answer = await requestJob(admin);
    expect(answer).toEqual({ code: 0, msg: 'success', data: { exportType: EXPORT_ASYNC, jobId: expect.any(Number) } });
    const id = answer.data.jobId;
    const listed = await jobs(admin);
    expect(listed.data).toEqual([expect.objectContaining({ id, fileName: '大批账户.csv', fileType: 'csv', status: 'pending', total: ROWS, rowsDone: 0, failure: null, finishedAt: null })]);

    // The runner works while the caller keeps asking (on PGlite too: the job's cursor lets other queries through between batches).
    const seen: Array<{ status: string; rowsDone: number }> = [];
    let finished = false;
    const running = t.app.exportJobs.runNext().finally(() => (finished = true));
    while (!finished) {
      const now = (await job(admin, id)).data;
      seen.push({ status: now.status, rowsDone: now.rowsDone });
    }
    expect(await running).toBe(true);
    const during = seen.filter((s) => s.status === 'running').map((s) => s.rowsDone);
    expect(during.some((n) => n > 0 && n < ROWS)).toBe(true);
    expect([...during].sort((a, b) => a - b)).toEqual(during);

    const done = (await job(admin, id)).data;
    expect(done).toMatchObject({ status: 'done', rowsDone: ROWS, failure: null });
    expect(done.byteSize).toBeGreaterThan(ROWS * 20);
    expect(new Date(done.expiresAt!).getTime() - new Date(done.finishedAt!).getTime()).toBe(EXPORT_JOB_KEEP_HOURS * 3_600_000);

    const file = await download(admin, id);
    expect(file.type).toContain('text/csv');
    expect(file.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('大批账户')}.csv`);
    const lines = csvLines(file.bytes);
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toBe('账号,账户名称,余额');
    expect(lines[1]).toBe(`EJB${String(ROWS).padStart(6, '0')},ExportJobRow ${ROWS},${ROWS}`);
    expect(lines[ROWS]).toBe('EJB000001,ExportJobRow 1,1');
    // Stored under a server-generated name, with no partial file left behind.
    expect(storedFiles().filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(storedFiles().some((f) => f.includes('大批'))).toBe(false);
  });

  it('only the owner sees, reads and deletes a job; its file goes with it', async () => {
    await clearJobs();
    const id = (await requestJob(admin)).data.jobId;
    expect(await t.app.exportJobs.runNext()).toBe(true);
    expect((await jobs(staff)).data).toEqual([]);
    expect((await job(staff, id)).code).toBe(CODE.exportJobUnknown);
    const stolen = await download(staff, id);
    expect([stolen.json?.code, stolen.bytes.toString()]).toEqual([CODE.exportJobUnknown, expect.not.stringContaining('ExportJobRow')]);
    expect((await t.post(DELETE, { id }, { token: staff })).body.code).toBe(CODE.exportJobUnknown);
    expect((await job(admin, id)).data.status).toBe('done');

    const before = storedFiles().length;
    expect((await t.post(DELETE, { id }, { token: admin })).body.code).toBe(0);
    expect((await jobs(admin)).data).toEqual([]);
    expect(storedFiles()).toHaveLength(before - 1);
    expect((await download(admin, id)).json?.code).toBe(CODE.exportJobUnknown);
  });

  it('a file is asked for before its job is done: refused; a user has at most 5 jobs waiting', async () => {
    await clearJobs();
    const ids: number[] = [];
    for (let i = 0; i < EXPORT_JOBS_WAITING_MAX; i++) ids.push((await requestJob(admin)).data.jobId);
    expect((await download(admin, ids[0]!)).json?.code).toBe(CODE.exportJobNotDone);
    const refused = (await t.post(EXPORT, body(), { token: admin, lang: 'en-US' })).body;
    expect([refused.code, refused.msg]).toEqual([CODE.exportJobsTooMany, `${EXPORT_JOBS_WAITING_MAX} of your exports are already waiting or running; export again once they are done`]);
  });

  it('a running job whose process died (its lease lapsed) is run again from the start, and failed after the last attempt, with the reason', async () => {
    await clearJobs();
    const id = (await requestJob(admin)).data.jobId;
    // A process claimed it, wrote some rows and died: its lease is all that is left.
    const died = async (attempts: number) =>
      t.db.updateTable('exportJob').set({ status: 'running', workerId: 'dead-process', leaseUntil: new Date(t.clock.now() + EXPORT_JOB_LEASE_MS), rowsDone: 4000, attempts, storageName: 'lost.csv' }).where('id', '=', id).execute();
    await died(1);
    // Within its lease nothing happens: the process may only be slow.
    expect(await t.app.exportJobs.recover()).toEqual({ resumed: [], failed: [] });
    t.clock.advance(EXPORT_JOB_LEASE_MS + 1);
    expect(await t.app.exportJobs.recover()).toEqual({ resumed: [id], failed: [] });
    expect((await job(admin, id)).data).toMatchObject({ status: 'pending', rowsDone: 0 });
    expect(await t.app.exportJobs.runNext()).toBe(true);
    expect((await job(admin, id)).data).toMatchObject({ status: 'done', rowsDone: ROWS });
    expect(csvLines((await download(admin, id)).bytes)).toHaveLength(ROWS + 1);

    await died(EXPORT_JOB_MAX_ATTEMPTS);
    t.clock.advance(EXPORT_JOB_LEASE_MS + 1);
    expect(await t.app.exportJobs.recover()).toEqual({ resumed: [], failed: [id] });
    expect((await job(admin, id, 'en-US')).data).toMatchObject({ status: 'failed', failure: `The export was interrupted by server restarts ${EXPORT_JOB_MAX_ATTEMPTS} times and has stopped; export again` });
    expect((await job(admin, id)).data.failure).toBe(`导出因服务器重启中断了 ${EXPORT_JOB_MAX_ATTEMPTS} 次，已停止；请重新导出`);
  });

  it('a server process starting recovers the jobs of a process that died before it serves a request', async () => {
    await clearJobs();
    const again = (await requestJob(admin)).data.jobId;
    const lost = (await requestJob(admin)).data.jobId;
    // Lapsed by the second process's clock (real time), whatever this one's was advanced to.
    const past = new Date(Date.now() - 1000);
    await t.db.updateTable('exportJob').set({ status: 'running', workerId: 'dead-process', leaseUntil: past, attempts: 1 }).where('id', '=', again).execute();
    await t.db.updateTable('exportJob').set({ status: 'running', workerId: 'dead-process', leaseUntil: past, attempts: EXPORT_JOB_MAX_ATTEMPTS }).where('id', '=', lost).execute();
    // The same database, a second process (its own files directory does not matter here).
    const second = await startTestAppOn(t, { filesDir: t.config.filesDir });
    try {
      const rows = await t.db.selectFrom('exportJob').select(['id', 'status', 'workerId', 'failureCode']).orderBy('id').execute();
      expect(rows.find((r) => r.id === lost)).toMatchObject({ status: 'failed', workerId: null, failureCode: CODE.exportJobInterrupted });
      // Pending again, or already taken up by the new process's runner: never the dead one's.
      expect(rows.find((r) => r.id === again)!.workerId).not.toBe('dead-process');
    } finally {
      await second.app.close();
    }
    // Closing hands back a job in hand: it is not left running under a process that is gone.
    const after = await t.db.selectFrom('exportJob').select(['status', 'workerId']).where('id', '=', again).executeTakeFirstOrThrow();
    expect(after.status === 'done' || (after.status === 'pending' && after.workerId === null)).toBe(true);
  });

  it('a job the server cannot write fails with a reason the owner can read, and no partial file', async () => {
    await clearJobs();
    const id = (await requestJob(admin)).data.jobId;
    // FILES_DIR under a regular file: the file cannot be created.
    const blocked = path.join(t.config.filesDir, 'not-a-directory');
    fs.mkdirSync(t.config.filesDir, { recursive: true });
    fs.writeFileSync(blocked, '');
    const broken = exportJobRunner({ db: t.db, filesDir: path.join(blocked, 'files'), clock: t.clock, log: t.app.log, connection: (work) => (isEmbedded(t.db) ? work(t.db) : t.db.connection().execute(work)) });
    expect(await broken.runNext()).toBe(true);
    expect((await job(admin, id)).data).toMatchObject({ status: 'failed', failure: '导出失败：服务器生成文件时出错' });
    expect((await job(admin, id, 'en-US')).data.failure).toBe('The export failed: the server could not write the file');
    expect(await broken.runNext()).toBe(false);
    fs.rmSync(blocked);
  });

  it('an xlsx job writes the workbook the file export writes: one sheet, a header row, every row', async () => {
    await clearJobs();
    const id = (await requestJob(admin, { fileType: 'xlsx', fileName: 'rates' })).data.jobId;
    await t.app.exportJobs.runNext();
    const file = await download(admin, id);
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.disposition).toContain("filename*=UTF-8''rates.xlsx");
    const sheet = strFromU8(unzipSync(new Uint8Array(file.bytes))[XLSX_SHEET_PATH]!);
    expect([...sheet.matchAll(/<row /g)]).toHaveLength(ROWS + 1);
    expect(sheet).toContain(`EJB${String(ROWS).padStart(6, '0')}`);
  });

  it('two processes on one database never take the same job: each pending job is run once', async () => {
    await clearJobs();
    const ids = [(await requestJob(admin)).data.jobId, (await requestJob(admin)).data.jobId];
    const second = await startTestAppOn(t, { filesDir: t.config.filesDir });
    try {
      await second.app.exportJobs.stop();
      expect(await Promise.all([t.app.exportJobs.runNext(), second.app.exportJobs.runNext()])).toEqual([true, true]);
      const rows = await t.db.selectFrom('exportJob').select(['id', 'status', 'attempts', 'rowsDone']).where('id', 'in', ids).orderBy('id').execute();
      expect(rows).toEqual(ids.map((id) => ({ id, status: 'done', attempts: 1, rowsDone: ROWS })));
      expect(await Promise.all([t.app.exportJobs.runNext(), second.app.exportJobs.runNext()])).toEqual([false, false]);
    } finally {
      await second.app.close();
    }
  });

  it('a job deleted while it runs stops at its next batch and leaves no file', async () => {
    await clearJobs();
    const id = (await requestJob(admin)).data.jobId;
    const before = storedFiles().length;
    // The runner holds the job (claimed, running) at the door of its cursor until the delete
    // has landed: the order is fixed, not left to how fast the export is.
    let atCursor!: () => void;
    const reached = new Promise<void>((resolve) => (atCursor = resolve));
    let open!: () => void;
    const door = new Promise<void>((resolve) => (open = resolve));
    const held = exportJobRunner({
      db: t.db, filesDir: t.config.filesDir, clock: t.clock, log: t.app.log,
      connection: async (work) => {
        atCursor();
        await door;
        return isEmbedded(t.db) ? work(t.db) : t.db.connection().execute(work);
      },
    });
    const running = held.runNext();
    await reached;
    expect((await job(admin, id)).data.status).toBe('running');
    expect((await t.post(DELETE, { id }, { token: admin })).body.code).toBe(0);
    open();
    expect(await running).toBe(true);
    expect((await jobs(admin)).data).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
  });

  it('a job masks what its owner’s table masks, as it was when asked (docs/sensitive-info.md)', async () => {
    await clearJobs();
    // The clerk may read the headquarters' accounts; the account name is masked for them.
    await sql`insert into data_auth (user_code, data_type, data_value, record_state, enabled) values (${DEMO.staff.userCode}, 'org', 'HQ', 'approved', true)`.execute(t.db);
    const setting = await t.post('/api/fsmc/sensitive-set/add', { resourceCode: 'account', fieldName: 'acctName', maskRule: 'ALL' }, { token: admin });
    expect(setting.body.code).toBe(0);
    try {
      const id = (await requestJob(staff)).data.jobId;
      // Disabled before the job runs: the file still masks, as the clerk's table did when they asked.
      await t.post('/api/fsmc/sensitive-set/disable', { id: setting.body.data.id, version: setting.body.data.version }, { token: admin });
      expect(await t.app.exportJobs.runNext()).toBe(true);
      const lines = csvLines((await download(staff, id)).bytes).slice(1);
      expect(lines).toHaveLength(ROWS);
      expect(new Set(lines.map((l) => l.split(',')[1]))).toEqual(new Set(['****']));
      const adminId = (await requestJob(admin)).data.jobId;
      expect(await t.app.exportJobs.runNext()).toBe(true);
      expect(csvLines((await download(admin, adminId)).bytes)[1]!.split(',')[1]).toMatch(/^ExportJobRow \d+$/);
    } finally {
      await sql`delete from data_auth where user_code = ${DEMO.staff.userCode}`.execute(t.db);
      await sql`delete from sensitive_set`.execute(t.db);
    }
  });

  it('finished jobs and their files are removed after the keeping time', async () => {
    await clearJobs();
    const id = (await requestJob(admin)).data.jobId;
    await t.app.exportJobs.runNext();
    const { storageName } = await t.db.selectFrom('exportJob').select('storageName').where('id', '=', id).executeTakeFirstOrThrow();
    expect(storedFiles()).toContain(storageName);
    expect(await t.app.exportJobs.purge()).toBe(0);
    t.clock.advance(EXPORT_JOB_KEEP_HOURS * 3_600_000 + 1);
    expect(await t.app.exportJobs.purge()).toBe(1);
    expect(storedFiles()).not.toContain(storageName);
    // (A day later the session has ended too: the table is asked directly.)
    expect(await t.db.selectFrom('exportJob').select('id').where('id', '=', id).execute()).toEqual([]);
  });
});
