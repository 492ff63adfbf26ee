import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { unzipSync, strFromU8 } from 'fflate';
import { CODE } from '../../src/shared/codes';
import { EXPORT_ASYNC, EXPORT_CONFIRM_ABOVE, EXPORT_FORBIDDEN_ABOVE } from '../../src/shared/constants';
import { exportTableUrl } from '../../src/shared/contract/export';
import { PassThrough, Writable } from 'node:stream';
import account from '../../src/resources/defs/account';
import { EXPORT_BATCH_ROWS, exportMode, streamRows } from '../../server/services/export/export';
import { csvWriter } from '../../server/services/export/csv-writer';
import { translator } from '../../server/i18n';
import { XLSX_SHEET_PATH } from '../../server/services/export/xlsx-writer';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Answer<T = unknown> = { code: number; msg: string; data: T };
const PATH = '/api/fsmc/common/export';

/**
 * Issue 13 point 2 (synchronous part) and issue 12's "export is filtered": the export runs the
 * table's own query (filters, sort, the caller's data authorisation), streams csv or xlsx, and
 * refuses what it must before sending a byte.
 */
describe.each(availableBackends())('export on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let checker: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    checker = await t.login(DEMO.checker);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** The export call as the browser's download() makes it: the answer's raw bytes, or its JSON. */
  async function exportCall(body: Record<string, unknown>, token: string, lang = 'zh-CN') {
    const payload = await t.seal(PATH, { fileName: '账户', fileType: 'csv', exportType: '01', total: 0, tableUrl: exportTableUrl('account'), exportColumn: ['acctNo', 'acctName', 'orgCode'], query: { start: 1, limit: 10 }, ...body }, { token });
    const res = await t.app.inject({ method: 'POST', url: PATH, payload: payload as object, headers: { JwtToken: token, lang } });
    const type = String(res.headers['content-type'] ?? '');
    return { status: res.statusCode, type, disposition: String(res.headers['content-disposition'] ?? ''), bytes: res.rawPayload, json: type.includes('application/json') ? (res.json() as Answer) : null };
  }
  const csvRows = (bytes: Buffer) => {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return bytes.toString('utf8').slice(1).split('\r\n').filter((l) => l !== '').map((l) => l.split(','));
  };
  /** The worksheet's rows, each cell's text or number as written (inline strings). */
  const xlsxRows = (bytes: Buffer) => {
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', XLSX_SHEET_PATH]));
    const xml = strFromU8(files[XLSX_SHEET_PATH]!);
    expect(xml).not.toContain('sharedStrings');
    // Cells in order, an empty one as <c/> (the writer leaves cell references out).
    return [...xml.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map((m) => [...m[2]!.matchAll(/<c[^>]*?(?:\/>|>(?:<is><t[^>]*>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>)/g)].map((c) => c[1] ?? (c[2] === undefined ? null : Number(c[2]))));
  };
  const queryAccounts = async (token: string, query: Record<string, unknown>) =>
    (await t.post<{ rows: Array<Record<string, unknown>>; total: number }>('/api/fsmc/account/query', { start: 1, limit: 1000, ...query }, { token })).body.data;

  it('writes csv with the BOM, headers in the caller\'s language and the rows the table shows, in its order', async () => {
    const table = await queryAccounts(admin, { limit: 10, sort: { field: 'acctName', order: 'desc' } });
    const res = await exportCall({ query: { start: 1, limit: 10, sort: { field: 'acctName', order: 'desc' } } }, admin);
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/csv');
    const rows = csvRows(res.bytes);
    expect(rows[0]).toEqual(['账号', '账户名称', '所属机构']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(table.rows.map((r) => r.acctNo));
    expect(res.disposition).toBe(`attachment; filename="__.csv"; filename*=UTF-8''${encodeURIComponent('账户')}.csv`);
    const en = await exportCall({}, admin, 'en-US');
    expect(csvRows(en.bytes)[0]).toEqual(['Account number', 'Account name', 'Organisation']);
  });

  it('exports only the current page when the scope is not all data, and every row the query finds when it is', async () => {
    const table = (await t.post<{ rows: Array<Record<string, unknown>> }>('/api/fsmc/account/query', { start: 2, limit: 3, currencyCode: 'USD' }, { token: admin })).body.data.rows;
    const res = await exportCall({ exportType: '01', query: { start: 2, limit: 3, currencyCode: 'USD' } }, admin);
    expect(csvRows(res.bytes).slice(1).map((r) => r[0])).toEqual(table.map((r) => r.acctNo));
    const all = await queryAccounts(admin, { currencyCode: 'USD' });
    expect(all.total).toBeGreaterThan(3);
    const rows = csvRows((await exportCall({ exportType: '02', query: { start: 2, limit: 3, currencyCode: 'USD' } }, admin)).bytes).slice(1);
    expect(rows.map((r) => r[0])).toEqual(all.rows.map((r) => r.acctNo));
  });

  it('writes xlsx: a zip with one inline-string sheet; dictionary values and states by name, numbers as numbers', async () => {
    const res = await exportCall({ fileType: 'xlsx', fileName: 'orgs', tableUrl: exportTableUrl('org-info'), exportColumn: ['orgCode', 'orgType', 'recordState'], query: { start: 1, limit: 10, orgCode: 'HQ' } }, admin);
    expect(res.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.disposition).toContain("filename*=UTF-8''orgs.xlsx");
    expect(xlsxRows(res.bytes)).toEqual([
      ['机构代码', '机构类型', '状态'],
      ['HQ', '集团总部', '已生效'],
    ]);
    const accounts = xlsxRows((await exportCall({ fileType: 'xlsx', exportColumn: ['acctNo', 'balance'], query: { start: 1, limit: 5 } }, admin)).bytes);
    const table = await queryAccounts(admin, {});
    expect(accounts[1]).toEqual([table.rows[0]!.acctNo, table.rows[0]!.balance]);
    expect(typeof accounts[1]![1]).toBe('number');
  });

  it('names a field whose dictionary follows another field as the table does, whether that field is exported or not', async () => {
    const map = await t.post('/api/fsmc/sys-field-map-setting/add', { resourceCode: 'exchange-rate', fieldName: 'rateDate', sourceName: 'Value Date' }, { token: admin });
    expect(map.body.code).toBe(0);
    const maps = { tableUrl: exportTableUrl('sys-field-map-setting'), query: { start: 1, limit: 10, sourceName: 'Value Date' } };
    // The resource it follows not among the columns: read all the same, not written.
    const csv = csvRows((await exportCall({ ...maps, exportColumn: ['fieldName', 'sourceName'] }, admin, 'en-US')).bytes);
    expect(csv).toEqual([
      ['Field', 'Column name in the file'],
      ['Date (rateDate)', 'Value Date'],
    ]);
    // Exported after it: csv writes a record as it reads it, xlsx row by row.
    const after = csvRows((await exportCall({ ...maps, exportColumn: ['fieldName', 'resourceCode'] }, admin)).bytes);
    expect(after[1]).toEqual(['日期 (rateDate)', '汇率 (exchange-rate)']);
    const xlsx = xlsxRows((await exportCall({ ...maps, fileType: 'xlsx', exportColumn: ['sourceName', 'fieldName', 'resourceCode'] }, admin)).bytes);
    expect(xlsx).toEqual([
      ['文件中的列名', '字段', '业务资源'],
      ['Value Date', '日期 (rateDate)', '汇率 (exchange-rate)'],
    ]);
  });

  it('streams more rows than one batch, in the table\'s order, as csv and xlsx', async () => {
    const n = EXPORT_BATCH_ROWS + 5;
    await sql`insert into account (acct_no, acct_name, org_code, currency_code, bank_code, balance)
      select 'EXB' || lpad(i::text, 6, '0'), 'ExportBatch <&> "' || i, 'HQ', 'CNY', '102', i from generate_series(1, ${n}) as i`.execute(t.db);
    const body = { exportType: '02', exportColumn: ['acctNo', 'acctName', 'officeCode', 'balance'], query: { start: 1, limit: 10, acctName: 'ExportBatch', sort: { field: 'acctNo', order: 'desc' } } };
    const csv = csvRows((await exportCall(body, admin)).bytes);
    expect(csv.length).toBe(n + 1);
    expect(csv[1]![0]).toBe(`EXB${String(n).padStart(6, '0')}`);
    expect(csv[n]![0]).toBe('EXB000001');
    const xlsx = xlsxRows((await exportCall({ ...body, fileType: 'xlsx' }, admin)).bytes);
    expect(xlsx.length).toBe(n + 1);
    // An empty cell keeps its place.
    expect(xlsx[n]).toEqual(['EXB000001', 'ExportBatch &lt;&amp;&gt; "1', null, 1]);
  });

  it('waits for a slow reader: a batch is written only once the reply has taken the one before (the next is fetched meanwhile)', async () => {
    await sql`insert into account (acct_no, acct_name, org_code, currency_code, bank_code)
      select 'EXS' || lpad(i::text, 6, '0'), 'ExportSlow ' || i, 'HQ', 'CNY', '102' from generate_series(1, ${2 * EXPORT_BATCH_ROWS + 1}) as i`.execute(t.db);
    const out = new PassThrough();
    // What the reply still held, unread, each time a batch was written to it, and the batches formatted.
    const held: number[] = [];
    const write = out.write.bind(out) as (chunk: Buffer) => boolean;
    out.write = ((chunk: Buffer) => (held.push(out.writableLength), write(chunk))) as typeof out.write;
    const csv = csvWriter();
    let batches = 0;
    // The csv writer takes each batch as record bytes (csv-records.ts).
    const writer = { ...csv, records: (...batch: Parameters<NonNullable<typeof csv.records>>) => (batches++, csv.records!(...batch)) };
    let bytes = 0;
    const reader = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        setImmediate(done);
      },
    });
    const finished = new Promise((resolve) => reader.on('finish', resolve));
    out.pipe(reader);
    await streamRows(t.db, { def: account, input: { start: 1, limit: 1, acctName: 'ExportSlow' }, columns: ['acctNo', 'acctName'], fileName: 'x.csv', writer, scope: null, page: null }, out, 'zh-CN', translator('zh-CN'));
    await finished;
    expect(batches).toBe(3);
    // The header, three batches (one chunk each), the end (none for csv).
    expect(held.length).toBeGreaterThanOrEqual(4);
    // A batch is far bigger than the stream's buffer: without the wait the reply would hold them all.
    for (const h of held) expect(h).toBeLessThan(out.writableHighWaterMark);
    expect(bytes).toBeGreaterThan(2 * EXPORT_BATCH_ROWS * 20);
  });

  it('a reader that goes away ends the export: no further batch is fetched and the database is free', async () => {
    await sql`insert into account (acct_no, acct_name, org_code, currency_code, bank_code)
      select 'EXA' || lpad(i::text, 6, '0'), 'ExportAbandoned ' || repeat('x', 60) || i, 'HQ', 'CNY', '102' from generate_series(1, ${2 * EXPORT_BATCH_ROWS + 1}) as i`.execute(t.db);
    const out = new PassThrough();
    const csv = csvWriter();
    let batches = 0;
    // Nobody reads: the first batch fills the reply (its names long enough to be more than the
    // stream's two buffers hold), then the client is gone (Fastify destroys the stream).
    const writer = { ...csv, records: (...batch: Parameters<NonNullable<typeof csv.records>>) => (batches++, queueMicrotask(() => out.destroy()), csv.records!(...batch)) };
    await streamRows(t.db, { def: account, input: { start: 1, limit: 1, acctName: 'ExportAbandoned' }, columns: ['acctNo', 'acctName'], fileName: 'x.csv', writer, scope: null, page: null }, out, 'zh-CN', translator('zh-CN'));
    expect(batches).toBe(1);
    // On PGlite the export's transaction holds the one connection: this answers only once it ended.
    expect((await queryAccounts(admin, { acctName: 'ExportAbandoned', limit: 1 })).total).toBe(2 * EXPORT_BATCH_ROWS + 1);
  });

  it('a staff user granted two organisations exports only their accounts; without the query\'s function, 403', async () => {
    const staff = await t.login(DEMO.staff);
    expect((await t.post('/api/fsmc/duty/query', { start: 1, limit: 10 }, { token: staff })).status).toBe(403);
    expect((await exportCall({ tableUrl: exportTableUrl('duty'), exportColumn: ['dutyCode'] }, staff)).status).toBe(403);
    const duty = await t.db.insertInto('duty').values({ dutyCode: 'EXPORT-T', dutyName: '导出测试', dutyNameEn: null, status: 'active' }).returning('id').executeTakeFirstOrThrow();
    const funcs = await t.db.selectFrom('func').select('id').where('funcUrl', '=', '/account').execute();
    await t.db.insertInto('dutyFunc').values(funcs.map((f) => ({ dutyId: duty.id, funcId: f.id }))).execute();
    const user = await t.db.selectFrom('appUser').select('id').where('userCode', '=', DEMO.staff.userCode).executeTakeFirstOrThrow();
    await t.db.insertInto('userDuty').values({ userId: user.id, dutyId: duty.id }).execute();
    for (const org of ['SH01', 'GZ01']) {
      const saved = await t.post('/api/fsmc/data-auth/save-and-submit', { userCode: DEMO.staff.userCode, dataType: 'org', dataValue: org }, { token: admin });
      expect(saved.body.code).toBe(0);
      const passed = await t.post('/api/fsmc/data-auth/review', { id: saved.body.data.id, version: saved.body.data.version, decision: 'pass' }, { token: checker });
      expect(passed.body.code).toBe(0);
    }
    const all = csvRows((await exportCall({ query: { start: 1, limit: 1000 } }, admin)).bytes).slice(1);
    expect(new Set(all.map((r) => r[2])).size).toBeGreaterThan(2);
    const mine = csvRows((await exportCall({ exportType: '02' }, staff)).bytes).slice(1);
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r[2]))).toEqual(new Set(['SH01', 'GZ01']));
    expect(mine.length).toBe((await queryAccounts(staff, {})).total);
    // A crafted filter for another organisation finds nothing to export.
    expect(csvRows((await exportCall({ query: { start: 1, limit: 10, orgCode: 'HQ' } }, staff)).bytes)).toHaveLength(1);
  });

  it('refuses an unknown tableUrl and never fetches it', async () => {
    for (const tableUrl of ['/api/fsmc/no-such/query', 'http://127.0.0.1:1/api/fsmc/account/query', '/api/fsmc/account/add']) {
      const res = await exportCall({ tableUrl }, admin);
      expect(res.json?.code).toBe(CODE.exportTableUnknown);
    }
  });

  it('refuses a column the table does not have, and a query its resource does not take', async () => {
    expect((await exportCall({ exportColumn: ['acctNo', 'passwordHash'] }, admin)).json?.code).toBe(CODE.exportColumnUnknown);
    expect((await exportCall({ exportColumn: ['acctNo', '#operation'] }, admin)).status).toBe(400);
    const res = await exportCall({ query: { start: 1, limit: 10, notAFilter: 'x' } }, admin);
    expect([res.status, res.json?.code]).toEqual([400, CODE.validation]);
    // Said as the table's own query says it, in the reader's language (the validator's English before).
    expect(res.json?.msg).toContain('notAFilter不是此接口接受的字段');
    const typed = await exportCall({ query: { start: 1, limit: 10, acctNo: 5 } }, admin, 'en-US');
    expect([typed.status, typed.json?.code]).toEqual([400, CODE.validation]);
    expect(typed.json?.msg).toContain('Account number must be text');
    expect(typed.json?.data).toMatchObject({ errors: [{ field: 'acctNo', rule: 'type' }] });
    // A day the calendar has not is the request's fault, as on the table's query, not a server error.
    const rates = { tableUrl: exportTableUrl('exchange-rate'), exportColumn: ['rateDate'] };
    const day = await exportCall({ ...rates, query: { start: 1, limit: 10, rateDateFrom: '2026-02-30' } }, admin);
    expect([day.status, day.json?.code, day.json?.msg]).toEqual([400, CODE.validation, '日期（开始）「2026-02-30」不是有效的日期']);
    expect((await exportCall({ ...rates, query: { start: 1, limit: 10, rateDateFrom: '2026-02-28' } }, admin)).status).toBe(200);
    // A range's end is named as the query form labels it, not by its wire name.
    const slashed = await exportCall({ ...rates, query: { start: 1, limit: 10, rateDateTo: '2026/02/28' } }, admin);
    expect([slashed.status, slashed.json?.msg]).toEqual([400, '日期（结束）格式不正确']);
  });

  it('counts the rows itself: above 10,000 it answers a background job (mode 2), whatever total says', async () => {
    await sql`insert into account (acct_no, acct_name, org_code, currency_code, bank_code)
      select 'EXJ' || lpad(i::text, 6, '0'), 'ExportJob ' || i, 'HQ', 'CNY', '102' from generate_series(1, ${EXPORT_CONFIRM_ABOVE + 1}) as i`.execute(t.db);
    const query = { start: 1, limit: 10, acctName: 'ExportJob' };
    const res = await exportCall({ exportType: '02', total: 5, query }, admin, 'en-US');
    // The job itself: tests/server/export-jobs.test.ts.
    expect(res.json).toEqual({ code: 0, msg: 'success', data: { exportType: EXPORT_ASYNC, jobId: expect.any(Number) } });
    // The current page of the same query is small: it downloads at once.
    expect(csvRows((await exportCall({ total: EXPORT_CONFIRM_ABOVE + 1, exportType: '01', query }, admin)).bytes)).toHaveLength(11);
  });

  it('thresholds: up to 10,000 at once, then a job, above 1,000,000 forbidden', () => {
    expect([exportMode(0), exportMode(EXPORT_CONFIRM_ABOVE), exportMode(EXPORT_CONFIRM_ABOVE + 1), exportMode(EXPORT_FORBIDDEN_ABOVE), exportMode(EXPORT_FORBIDDEN_ABOVE + 1)]).toEqual(['now', 'now', 'job', 'job', 'forbidden']);
  });

  it('file names: forbidden characters stripped, the extension from the type, at most 50 characters, nothing left refused', async () => {
    expect((await exportCall({ fileName: 'a\\b/c:d*e?f"g<h>i|j' }, admin)).disposition).toContain("filename*=UTF-8''abcdefghij.csv");
    expect((await exportCall({ fileName: 'report.xlsx', fileType: 'xlsx' }, admin)).disposition).toContain("filename*=UTF-8''report.xlsx");
    expect((await exportCall({ fileName: "it's (1)" }, admin)).disposition).toContain("filename*=UTF-8''it%27s%20%281%29.csv");
    const empty = await exportCall({ fileName: '/:*?' }, admin);
    expect([empty.json?.code, empty.json?.msg]).toEqual([CODE.exportFileNameEmpty, '请填写文件名（不能包含 \\ / : * ? " < > | ）']);
    expect((await exportCall({ fileName: '名'.repeat(50) }, admin)).status).toBe(200);
    expect((await exportCall({ fileName: '名'.repeat(51) }, admin)).status).toBe(400);
  });
});
