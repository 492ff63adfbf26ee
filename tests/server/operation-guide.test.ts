import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { guideOrderNo } from '../../src/shared/operation-guide';
import type { OperationGuide } from '../../src/shared/contract/guide';
import type { UploadedFile } from '../../src/shared/contract/upload';
import { sanitiseGuideHtml } from '../../server/services/operation-guide';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

const QUERY = '/api/fsmc/operation-guide/query';
const SAVE = '/api/fsmc/operation-guide/save';
const UPLOAD = '/api/fsmc/components/upload';
/** Contact organisation accounts: a page the demo staff duty holds. */
const STAFF_FUNC = 30104;
/** Organisation info: administration, not the staff duty's. */
const ADMIN_FUNC = 20101;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(fields: Record<string, string>, file: { name: string; content: Buffer }) {
  const boundary = `----guide${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the guide sanitiser (allow-list, sanitize-html)', () => {
  it('keeps structure, emphasis, lists, tables and http(s)/mailto links', () => {
    const html = '<h2>开户</h2><p><strong>先</strong>选择<em>账户</em><u>再</u></p><ul><li>一</li></ul><ol><li>二</li></ol><table><tbody><tr><td colspan="2">x</td></tr></tbody></table><a href="https://bank.example/help">帮助</a>';
    expect(sanitiseGuideHtml(html)).toBe(html.replace('<a href="https://bank.example/help">', '<a href="https://bank.example/help" target="_blank" rel="noopener noreferrer">'));
  });

  it('drops scripts with their text, event handlers, styles, frames, images and javascript: links', () => {
    const html = '<p onclick="steal()" style="color:red">正文<script>alert(1)</script></p><iframe src="https://x"></iframe><img src=x onerror=alert(1)><style>p{}</style><a href="javascript:alert(1)">点</a><a href="//evil.example">协议相对</a><form><input></form>';
    const clean = sanitiseGuideHtml(html);
    expect(clean).toBe('<p>正文</p><a target="_blank" rel="noopener noreferrer">点</a><a target="_blank" rel="noopener noreferrer">协议相对</a>');
    expect(clean).not.toMatch(/script|onclick|style|iframe|img|javascript|evil/);
  });

  it('does not keep target or rel from the input, and answers "" when no text is left', () => {
    expect(sanitiseGuideHtml('<a href="https://a.example" target="_self" rel="opener">a</a>')).toBe('<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>');
    expect(sanitiseGuideHtml('<p><br></p><div>&nbsp; </div>')).toBe('');
    expect(sanitiseGuideHtml('<script>x</script>')).toBe('');
  });
});

/**
 * Issue 15 point 3 on the server (docs/operation-guide.md): a function's guide is read by whoever
 * holds the function, written by help editors only (staff type 1) as sanitised HTML over the
 * version read, and its attachments (FILE<funcId>, system code 11) follow the same rule.
 */
describe.each(availableBackends())('operation guide on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    staff = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const query = (token: string, funcId: number | string) => t.get<OperationGuide>(QUERY, { funcId: String(funcId) }, { token, lang: 'en-US' });
  const save = (token: string, body: Record<string, unknown>) => t.post<OperationGuide>(SAVE, body, { token, lang: 'en-US' });
  async function upload(token: string, orderNo: string) {
    const { payload, headers } = multipart({ orderNo, systemCode: '11', contentFilter: 'false' }, { name: '操作手册.pdf', content: PDF });
    const res = await t.app.inject({ method: 'POST', url: `${UPLOAD}/upload-file`, payload, headers: { ...headers, JwtToken: token, lang: 'en-US' } });
    return res.json() as { code: number; msg: string; data: UploadedFile };
  }

  it('answers an unwritten guide as id null and empty content, naming the function', async () => {
    const res = await query(staff, STAFF_FUNC);
    expect(res.body).toMatchObject({ code: 0, data: { id: null, funcId: STAFF_FUNC, descriptionContent: '', version: 0, updatedByName: null } });
  });

  it('an administrator (staff type 1) writes a guide, sanitised; a staff user reads it and cannot write it', async () => {
    const first = await save(admin, { id: null, funcId: STAFF_FUNC, descriptionContent: '<p>先选择<strong>账户</strong><script>alert(1)</script></p><img src=x onerror=alert(1)>', version: 0 });
    expect(first.body).toMatchObject({ code: 0, data: { funcId: STAFF_FUNC, descriptionContent: '<p>先选择<strong>账户</strong></p>', version: 1, updatedByName: expect.any(String) } });
    const id = first.body.data.id;
    expect(id).toEqual(expect.any(Number));

    const read = await query(staff, STAFF_FUNC);
    expect(read.body.data).toMatchObject({ id, descriptionContent: '<p>先选择<strong>账户</strong></p>', version: 1 });

    // The server refuses a staff user's save whatever the browser showed, and keeps the guide.
    const refused = await save(staff, { id, funcId: STAFF_FUNC, descriptionContent: '<p>我改的</p>', version: 1 });
    expect(refused.body).toMatchObject({ code: CODE.guideNotEditor, msg: 'Only help editors (staff type 1) may edit the operation guide' });
    expect((await query(staff, STAFF_FUNC)).body.data.descriptionContent).toBe('<p>先选择<strong>账户</strong></p>');

    // A second save over the version read moves it on; a save over a stale version is a conflict.
    const second = await save(admin, { id, funcId: STAFF_FUNC, descriptionContent: '<p>第二版</p>', version: 1 });
    expect(second.body).toMatchObject({ code: 0, data: { id, descriptionContent: '<p>第二版</p>', version: 2 } });
    const stale = await save(admin, { id, funcId: STAFF_FUNC, descriptionContent: '<p>旧的</p>', version: 1 });
    expect(stale.body.code).toBe(CODE.guideVersionConflict);
    // Two first saves: the second finds one there already.
    expect((await save(admin, { id: null, funcId: STAFF_FUNC, descriptionContent: '<p>又一个</p>', version: 0 })).body.code).toBe(CODE.guideVersionConflict);
    expect((await query(admin, STAFF_FUNC)).body.data.descriptionContent).toBe('<p>第二版</p>');
  });

  it('a function the reader does not hold is refused (403); an unknown function is 3101; bad ids are 400', async () => {
    const res = await query(staff, ADMIN_FUNC);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(CODE.forbidden);
    expect((await query(admin, ADMIN_FUNC)).body.code).toBe(0);
    expect((await query(admin, 999999)).body.code).toBe(CODE.guideFuncUnknown);
    // Ten digits the contract's pattern allows, past the database's integers (a 500 before).
    expect((await query(admin, '2147483648')).body.code).toBe(CODE.guideFuncUnknown);
    expect((await query(staff, '9999999999')).body.code).toBe(CODE.guideFuncUnknown);
    expect((await save(admin, { id: null, funcId: 999999, descriptionContent: '<p>x</p>', version: 0 })).body.code).toBe(CODE.guideFuncUnknown);
    expect((await query(admin, 'abc')).status).toBe(400);
    expect((await save(admin, { funcId: STAFF_FUNC, descriptionContent: '<p>x</p>', version: 0 })).status).toBe(400);
  });

  it('keeps at most GUIDE_CONTENT_MAX characters after sanitising', async () => {
    const long = `<p>${'长'.repeat(200_001)}</p>`;
    const res = await save(admin, { id: null, funcId: ADMIN_FUNC, descriptionContent: long, version: 0 });
    expect(res.body.code).toBe(CODE.guideTooLong);
  });

  it('attachments under FILE<funcId>: a help editor uploads and deletes, a reader lists and downloads, nobody else sees them', async () => {
    const orderNo = guideOrderNo(STAFF_FUNC);
    const up = await upload(admin, orderNo);
    expect(up).toMatchObject({ code: 0, data: { originalFileName: '操作手册.pdf', fileBusinessType: 'upload-none-defalut' } });
    const row = await t.db.selectFrom('uploadFile').select(['systemCode', 'resourceCode', 'recordId']).where('id', '=', up.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ systemCode: '11', resourceCode: null, recordId: null });

    // The staff user holds the function: lists (both calls of widgets §7) and downloads.
    const listed = await t.post<UploadedFile[]>(`${UPLOAD}/query-upload-file-list`, { orderNo }, { token: staff });
    expect(listed.body.data.map((f) => f.originalFileName)).toEqual(['操作手册.pdf']);
    const attached = await t.post<Array<{ id: number; originalFileName: string }>>(`${UPLOAD}/query-attachment`, { orderNo, systemCode: '11' }, { token: staff });
    expect(attached.body.data).toEqual([{ id: up.data.id, originalFileName: '操作手册.pdf' }]);
    const download = await t.app.inject({ method: 'GET', url: `${UPLOAD}/download-file?id=${up.data.id}`, headers: { JwtToken: staff } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(PDF);

    // But neither uploads nor deletes.
    expect((await upload(staff, orderNo)).code).toBe(CODE.uploadRecordLocked);
    expect((await t.post(`${UPLOAD}/delete-file`, { id: up.data.id }, { token: staff })).body.code).toBe(CODE.uploadRecordLocked);

    // A guide of a function the staff user does not hold: its files say nothing to them.
    const other = await upload(admin, guideOrderNo(ADMIN_FUNC));
    expect(other.code).toBe(0);
    expect((await t.post(`${UPLOAD}/query-upload-file-list`, { orderNo: guideOrderNo(ADMIN_FUNC) }, { token: staff })).body.code).toBe(CODE.uploadFileNotFound);
    const hidden = await t.app.inject({ method: 'GET', url: `${UPLOAD}/download-file?id=${other.data.id}`, headers: { JwtToken: staff } });
    expect(hidden.json().code).toBe(CODE.uploadFileNotFound);

    // An unknown function takes no files.
    expect((await upload(admin, guideOrderNo(999999))).code).toBe(CODE.uploadOwnerUnknown);

    expect((await t.post(`${UPLOAD}/delete-file`, { id: up.data.id }, { token: admin })).body.code).toBe(0);
  });
});
