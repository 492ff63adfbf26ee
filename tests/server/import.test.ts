import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { CODE } from '../../src/shared/codes';
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { IMPORT_MAX_BYTES, IMPORT_REPORT_KEEP_HOURS, IMPORT_ROWS_MAX, IMPORT_TEMP_STALE_MS, IMPORT_UNPACKED_MAX_BYTES } from '../../src/shared/constants';
import { availableBackends, tempDir } from './support/backends';
import { multipart } from './support/multipart';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Answer<T = any> = { code: number; msg: string; data: T };
const BASE = '/api/fsmc/common/import';
const HEADER_ZH = ['日期', '原币种', '目标币种', '汇率'];
const HEADER_EN = ['Date', 'From currency', 'To currency', 'Rate'];

/** An xlsx of these rows (the first the header), as a user's spreadsheet program saves it. */
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  const out: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

/**
 * Issue 13 point 3, the server's import (docs/import.md): the form's four rules answered with
 * their codes, every row checked as the add form checks it, a bad row leaving nothing written and
 * a report naming row, column and problem for its importer only, a good file written whole, and
 * COVER replacing only the chosen days.
 */
describe.each(availableBackends())('import on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let checker: string;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    checker = await t.login(DEMO.checker);
    staff = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const fields = (extra: Record<string, string> = {}) => ({ resource: 'exchange-rate', templateType: 'exchange-rate', importType: 'APPEND', fileNames: 'rates.xlsx', ...extra, contentFilter: 'false' });

  async function importFile(token: string, form: Record<string, string>, files: Array<{ name: string; content: Buffer }>, lang = 'en-US') {
    const { payload, headers } = multipart(form, files);
    const res = await t.app.inject({ method: 'POST', url: BASE, payload, headers: { ...headers, JwtToken: token, lang, 'request-token': await t.requestToken(token) } });
    return { status: res.statusCode, body: res.json() as Answer };
  }

  async function download(path: string, body: Record<string, unknown>, token: string, lang = 'en-US') {
    const payload = await t.seal(path, body, { token });
    const res = await t.app.inject({ method: 'POST', url: path, payload: payload as object, headers: { JwtToken: token, lang } });
    const type = String(res.headers['content-type'] ?? '');
    return { status: res.statusCode, type, disposition: String(res.headers['content-disposition'] ?? ''), bytes: res.rawPayload, json: type.includes('application/json') ? (res.json() as Answer) : null };
  }

  /** The pair's rates, date → rate, as the table's query shows them. */
  async function rates(source: string, target: string): Promise<Record<string, number>> {
    const res = await t.post<{ rows: Array<{ rateDate: string; rate: number }> }>('/api/fsmc/exchange-rate/query', { start: 1, limit: 100, sourceCurrency: source, targetCurrency: target }, { token: admin });
    return Object.fromEntries(res.body.data.rows.map((r) => [r.rateDate, r.rate]));
  }

  it('hands out the template with its columns in the caller\'s language', async () => {
    const zh = await download(`${BASE}/template`, { resource: 'exchange-rate', templateType: 'exchange-rate' }, admin, 'zh-CN');
    expect(zh.status).toBe(200);
    expect(zh.type).toContain('spreadsheetml');
    expect(zh.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('汇率导入模板')}.xlsx`);
    expect((await readXlsx(zh.bytes))[0]).toEqual(HEADER_ZH);
    const en = await download(`${BASE}/template`, { resource: 'exchange-rate', templateType: 'exchange-rate' }, admin, 'en-US');
    expect((await readXlsx(en.bytes))[0]).toEqual(HEADER_EN);
    expect(en.disposition).toContain('Exchange%20rate%20import%20template.xlsx');
    const unknown = await download(`${BASE}/template`, { resource: 'exchange-rate', templateType: 'nope' }, admin);
    expect(unknown.json?.code).toBe(CODE.importUnknown);
    const notImportable = await download(`${BASE}/template`, { resource: 'bank', templateType: 'bank' }, admin);
    expect(notImportable.json?.code).toBe(CODE.importUnknown);
  });

  it('imports every row of a good file in one go, xlsx (date cells or text) and csv alike', async () => {
    const file = await xlsx([HEADER_EN, [new Date(Date.UTC(2031, 0, 2)), 'HAA', 'HAB', 1.25], ['2031-01-03', 'HAA', 'HAB', '1.2601'], [new Date(Date.UTC(2031, 0, 4)), 'HAA', 'HAB', 1.27]]);
    const res = await importFile(admin, fields(), [{ name: 'rates.xlsx', content: file }]);
    expect(res.body).toMatchObject({ code: 0, data: { imported: 3, replaced: 0 } });
    expect(await rates('HAA', 'HAB')).toEqual({ '2031-01-02': 1.25, '2031-01-03': 1.2601, '2031-01-04': 1.27 });
    // A csv with the Chinese headings, a quoted cell and CRLF line ends.
    const csv = Buffer.from(`\uFEFF${HEADER_ZH.join(',')}\r\n2031-01-02,HAC,"HAD",7.1\r\n\r\n2031-01-03,HAC,HAD,7.2\r\n`);
    const fromCsv = await importFile(admin, fields({ fileNames: 'rates.csv' }), [{ name: 'rates.csv', content: csv }]);
    expect(fromCsv.body).toMatchObject({ code: 0, data: { imported: 2 } });
    expect(await rates('HAC', 'HAD')).toEqual({ '2031-01-02': 7.1, '2031-01-03': 7.2 });
  });

  it('writes nothing when one row is bad, and reports each problem with its row, column and message to its importer only', async () => {
    const file = await xlsx([HEADER_EN, ['2031-02-01', 'HBA', 'HBB', 1.5], ['2031-02-02', 'hbx', 'HBB', -1], ['2031-02-31', 'HBA', '', 1.6], ['2031-02-04', 'HBA', 'HBB', 1.7]]);
    const res = await importFile(admin, fields(), [{ name: 'rates.xlsx', content: file }]);
    expect(res.body.code).toBe(CODE.importRowsInvalid);
    expect(res.body.msg).toBe('Problems in the file: 4; nothing was imported. Download the error report, correct the rows and import again');
    expect(res.body.data).toMatchObject({ errorCount: 4, reportId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await rates('HBA', 'HBB')).toEqual({});

    const report = await download(`${BASE}/report`, { id: res.body.data.reportId }, admin);
    expect(report.status).toBe(200);
    expect(report.disposition).toContain('Exchange%20rate%20import%20errors.xlsx');
    expect(await readXlsx(report.bytes)).toEqual([
      ['Row', 'Column', 'Problem'],
      ['3', 'From currency', 'Three capital letters'],
      ['3', 'Rate', 'At least 0'],
      ['4', 'To currency', 'Cannot be empty'],
      ['4', 'Date', 'Enter a real date as YYYY-MM-DD'],
    ]);
    // Another user (an administrator at that) is told there is no such report.
    const other = await download(`${BASE}/report`, { id: res.body.data.reportId }, checker);
    expect(other.json?.code).toBe(CODE.importReportUnknown);
  });

  it('COVER replaces the rates of the chosen days only, and refuses rows outside them', async () => {
    const days = ['2031-03-01', '2031-03-02', '2031-03-03', '2031-03-04', '2031-03-05'];
    const first = await importFile(admin, fields(), [{ name: 'rates.xlsx', content: await xlsx([HEADER_EN, ...days.map((d) => [d, 'HCA', 'HCB', 1])]) }]);
    expect(first.body).toMatchObject({ code: 0, data: { imported: 5 } });
    const outside = await importFile(admin, fields({ importType: 'COVER', importTypeDate: '2031-03-02,2031-03-03' }), [{ name: 'rates.xlsx', content: await xlsx([HEADER_EN, ['2031-03-02', 'HCA', 'HCB', 2], ['2031-03-04', 'HCA', 'HCB', 2]]) }]);
    expect(outside.body).toMatchObject({ code: CODE.importRowsInvalid, data: { errorCount: 1 } });
    const cover = await importFile(admin, fields({ importType: 'COVER', importTypeDate: '2031-03-02,2031-03-03' }), [{ name: 'rates.xlsx', content: await xlsx([HEADER_EN, ['2031-03-02', 'HCA', 'HCB', 2], ['2031-03-03', 'HCA', 'HCB', 3]]) }]);
    expect(cover.body).toMatchObject({ code: 0, data: { imported: 2, replaced: 2 } });
    expect(await rates('HCA', 'HCB')).toEqual({ '2031-03-01': 1, '2031-03-02': 2, '2031-03-03': 3, '2031-03-04': 1, '2031-03-05': 1 });
  });

  it('answers the import form\'s rules with their codes, in the form\'s order', async () => {
    const good = [{ name: 'rates.xlsx', content: await xlsx([HEADER_EN, ['2031-04-01', 'HDA', 'HDB', 1]]) }];
    expect((await importFile(admin, fields({ templateType: '' }), good)).body.code).toBe(CODE.importTemplateTypeRequired);
    expect((await importFile(admin, fields({ importType: '' }), good)).body.code).toBe(CODE.importTypeRequired);
    expect((await importFile(admin, fields({ importType: 'COVER' }), good)).body.code).toBe(CODE.importTypeDateRequired);
    expect((await importFile(admin, fields({ importType: 'COVER', importTypeDate: '' }), good)).body.code).toBe(CODE.importTypeDateRequired);
    expect((await importFile(admin, fields(), [])).body.code).toBe(CODE.importNoFile);
    expect((await importFile(admin, fields({ templateType: '' }), [])).body.code).toBe(CODE.importTemplateTypeRequired);
    expect((await importFile(admin, fields(), [...good, ...good])).body.code).toBe(CODE.importSingleFile);
    expect((await importFile(admin, fields({ resource: 'bank' }), good)).body.code).toBe(CODE.importUnknown);
    const zh = await importFile(admin, fields({ importType: '' }), good, 'zh-CN');
    expect(zh.body.msg).toBe('请选择导入方式');
    expect(await rates('HDA', 'HDB')).toEqual({});
  });

  it('answers a body busboy cannot read with 400 and its own code, and keeps no temporary file', async () => {
    const importTemp = path.join(t.config.filesDir, 'import-tmp');
    const leftovers = () => (fs.existsSync(importTemp) ? fs.readdirSync(importTemp) : []);
    const csv = Buffer.from(`${HEADER_EN.join(',')}\n2031-08-01,HIA,HIB,1\n`);
    const { payload, headers } = multipart(fields({ fileNames: 'rates.csv' }), [{ name: 'rates.csv', content: csv }]);
    const closing = `--${headers['content-type'].split('boundary=')[1]}--\r\n`;
    const fieldsOnly = multipart(fields()).payload;
    const cases: Array<[string, string | Buffer, string]> = [
      ['no multipart inside', 'garbage', 'multipart/form-data; boundary=zzz'],
      ['no boundary', 'garbage', 'multipart/form-data'],
      ['a file part without the closing boundary', payload.subarray(0, payload.length - closing.length), headers['content-type']],
      ['fields without the closing boundary', fieldsOnly.subarray(0, fieldsOnly.length - closing.length), headers['content-type']],
    ];
    for (const [label, body, type] of cases) {
      const res = await t.app.inject({ method: 'POST', url: BASE, payload: body, headers: { 'content-type': type, JwtToken: admin, lang: 'en-US', 'request-token': await t.requestToken(admin) } });
      expect({ label, status: res.statusCode, body: res.json() }).toEqual({ label, status: 400, body: { code: CODE.importMalformed, msg: 'The import could not be read: the form data sent is malformed or incomplete. Choose the file and import again', data: null } });
    }
    const zh = await t.app.inject({ method: 'POST', url: BASE, payload: 'garbage', headers: { 'content-type': 'multipart/form-data', JwtToken: admin, lang: 'zh-CN', 'request-token': await t.requestToken(admin) } });
    expect((zh.json() as Answer).msg).toBe('无法读取导入请求：提交的表单数据格式错误或不完整，请重新选择文件导入');
    expect(leftovers()).toEqual([]);
    expect(await rates('HIA', 'HIB')).toEqual({});
  });

  it('refuses a file that is not xlsx or csv, an xlsx that is not one, and a file without the template\'s columns', async () => {
    const pdf = await importFile(admin, fields({ fileNames: 'rates.pdf' }), [{ name: 'rates.pdf', content: Buffer.from('%PDF-1.4\n') }]);
    expect(pdf.body).toMatchObject({ code: CODE.importFileType, msg: 'Only xlsx and csv files can be imported (rates.pdf is neither)' });
    // A control character in the name would be echoed into the messages that name the file.
    const good = Buffer.from(`${HEADER_EN.join(',')}\n2031-04-02,HEC,HED,1\n`);
    for (const name of ['rates\u0001.csv', 'ra\u007ftes.csv', 'rates\u0085.csv']) {
      const controlled = await importFile(admin, fields({ fileNames: name }), [{ name, content: good }]);
      expect({ name, status: controlled.status, body: controlled.body }).toMatchObject({ name, status: 400, body: { code: CODE.importBadFileName, msg: "The file's name holds control characters: rename the file and import it again" } });
    }
    expect(await rates('HEC', 'HED')).toEqual({});
    const fake = await importFile(admin, fields(), [{ name: 'rates.xlsx', content: Buffer.from('not a workbook at all') }]);
    expect(fake.body).toMatchObject({ code: CODE.importFileUnreadable, msg: 'rates.xlsx could not be read as a xlsx file' });
    const missing = await importFile(admin, fields(), [{ name: 'rates.xlsx', content: await xlsx([['Date', 'From currency', 'Rate'], ['2031-04-01', 'HEA', 1]]) }]);
    expect(missing.body).toMatchObject({ code: CODE.importColumnMissing, msg: expect.stringContaining('To currency') });
    const empty = await importFile(admin, fields(), [{ name: 'rates.xlsx', content: await xlsx([HEADER_EN]) }]);
    expect(empty.body.code).toBe(CODE.importEmpty);
    // A small xlsx that unpacks to more than IMPORT_UNPACKED_MAX_BYTES (a zip bomb) is refused before exceljs inflates it.
    const bomb = zipSync({ '[Content_Types].xml': new Uint8Array(16), 'xl/worksheets/sheet1.xml': new Uint8Array(IMPORT_UNPACKED_MAX_BYTES + 1) }, { level: 1 });
    expect(bomb.length).toBeLessThan(IMPORT_MAX_BYTES);
    const unpacked = await importFile(admin, fields(), [{ name: 'rates.xlsx', content: Buffer.from(bomb) }]);
    expect(unpacked.body).toMatchObject({ code: CODE.importUnpackedTooLarge, msg: 'rates.xlsx unpacks to more than 100 MB: far more than an import takes' });
    // Above IMPORT_MAX_BYTES: cut off as it streams, refused naming the limit.
    const big = await importFile(admin, fields({ fileNames: 'rates.csv' }), [{ name: 'rates.csv', content: Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a') }]);
    expect(big).toMatchObject({ status: 413, body: { code: CODE.importTooLarge, msg: 'The file is too large: an import file must be below 10 MB' } });
    const lines = [HEADER_EN.join(','), ...Array.from({ length: IMPORT_ROWS_MAX + 1 }, (_, i) => `2031-07-01,HHA,HHB,${i}`)].join('\n');
    const many = await importFile(admin, fields({ fileNames: 'rates.csv' }), [{ name: 'rates.csv', content: Buffer.from(lines) }]);
    expect(many.body).toMatchObject({ code: CODE.importTooManyRows, msg: `The file holds ${IMPORT_ROWS_MAX + 1} rows; at most ${IMPORT_ROWS_MAX} can be imported at once` });
    expect(await rates('HHA', 'HHB')).toEqual({});
  });

  it('needs the resource\'s function: a user without it gets 403 and writes nothing', async () => {
    const file = [{ name: 'rates.xlsx', content: await xlsx([HEADER_EN, ['2031-05-01', 'HFA', 'HFB', 1]]) }];
    // The staff duty loses the exchange-rate page (this file's own database).
    const staffDuty = await t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'STAFF').executeTakeFirstOrThrow();
    const page = await t.db.selectFrom('func').select('id').where('funcUrl', '=', '/exchange-rate').executeTakeFirstOrThrow();
    await t.db.deleteFrom('dutyFunc').where('dutyId', '=', staffDuty.id).where('funcId', '=', page.id).execute();
    const res = await importFile(staff, fields(), file);
    expect(res.status).toBe(403);
    expect((await download(`${BASE}/template`, { resource: 'exchange-rate', templateType: 'exchange-rate' }, staff)).status).toBe(403);
    expect(await rates('HFA', 'HFB')).toEqual({});
    // Without a session at all: 401, and a request token is needed (1003-style duplicate refusal otherwise).
    const { payload, headers } = multipart(fields(), file);
    expect((await t.app.inject({ method: 'POST', url: BASE, payload, headers })).statusCode).toBe(401);
    const noToken = await t.app.inject({ method: 'POST', url: BASE, payload, headers: { ...headers, JwtToken: admin } });
    expect((noToken.json() as Answer).code).toBe(CODE.duplicateSubmit);
    expect(await rates('HFA', 'HFB')).toEqual({});
  });

  it('keeps a report until it expires, then it is gone for its importer too', async () => {
    const res = await importFile(admin, fields(), [{ name: 'rates.xlsx', content: await xlsx([HEADER_EN, ['2031-06-01', 'HGA', 'HGB', 'x']]) }]);
    expect(res.body.data.errorCount).toBe(1);
    const row = await t.db.selectFrom('importReport').select(['createdAt', 'expiresAt']).where('id', '=', res.body.data.reportId).executeTakeFirstOrThrow();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan((IMPORT_REPORT_KEEP_HOURS - 1) * 3_600_000);
    expect((await download(`${BASE}/report`, { id: res.body.data.reportId }, admin)).status).toBe(200);
    // Moving the server's clock a day on would end the sessions as well: the report's expiry moves back instead.
    await t.db.updateTable('importReport').set({ expiresAt: new Date(t.clock.now() - 1000) }).where('id', '=', res.body.data.reportId).execute();
    expect((await download(`${BASE}/report`, { id: res.body.data.reportId }, admin)).json?.code).toBe(CODE.importReportUnknown);
  });
});

describe('import temporary files', () => {
  it('a process starting removes the ones a dead process left, and keeps fresh ones', async () => {
    const filesDir = tempDir('files');
    const dir = path.join(filesDir, 'import-tmp');
    fs.mkdirSync(dir, { recursive: true });
    const stale = path.join(dir, 'stale');
    const fresh = path.join(dir, 'fresh');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'x');
    const old = new Date(Date.now() - IMPORT_TEMP_STALE_MS - 60_000);
    fs.utimesSync(stale, old, old);
    const t = await startTestApp('pglite', { filesDir });
    try {
      expect([fs.existsSync(stale), fs.existsSync(fresh)]).toEqual([false, true]);
    } finally {
      await t.dispose();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });
});
