import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { unzipSync, zipSync, strToU8 } from 'fflate';
import { CODE } from '../../src/shared/codes';
import { ATTACHMENT_DEFAULT_CATEGORY, UPLOAD_FILE_NAME_MAX } from '../../src/shared/constants';
import { draftOrderNo, recordOrderNo } from '../../src/shared/attachments';
import type { UploadedFile } from '../../src/shared/contract/upload';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

const BASE = '/api/fsmc/components/upload';
const LICENCE = '开户许可证';
/** The smallest file file-type takes for a pdf: the signature and an end. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f00000000049454e44ae426082', 'hex');

/** A multipart body as a browser's FormData sends it: the fields, then the file part. */
function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = `----h4test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Issue 13 point 4 on the server (docs/attachments.md): uploads stream to the file store under a
 * generated name, are checked by size, count and content, and are read and changed only by
 * whoever may read and change their record; a save checks the required attachment types.
 */
describe.each(availableBackends())('attachments on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let records: number[];

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    staff = await t.login(DEMO.staff);
    const page = await t.post<{ rows: Array<{ id: number }> }>('/api/fsmc/contact-org-acc/query', { start: 1, limit: 10 }, { token: admin });
    records = page.body.data.rows.map((r) => r.id);
    expect(records.length).toBeGreaterThanOrEqual(5);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  async function upload(token: string, orderNo: string, file: { name: string; content: Buffer }, extra: Record<string, string> = {}, app = t) {
    const { payload, headers } = multipart({ orderNo, systemCode: '11', ...extra, contentFilter: 'false' }, file);
    const res = await app.app.inject({ method: 'POST', url: `${BASE}/upload-file`, payload, headers: { ...headers, JwtToken: token, lang: 'en-US' } });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: UploadedFile } };
  }
  const list = (token: string, orderNo: string) => t.post<UploadedFile[]>(`${BASE}/query-upload-file-list`, { orderNo }, { token, lang: 'en-US' });
  const storedNames = (dir = t.config.filesDir) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
  /** A body sent as it is, under its own content type: what a browser's FormData would never send. */
  async function uploadRaw(payload: string | Buffer, contentType: string, lang = 'en-US') {
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/upload-file`, payload, headers: { 'content-type': contentType, JwtToken: admin, lang } });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
  }

  it('streams an upload into the file store under a generated name, outside the web root, and lists it', async () => {
    const orderNo = recordOrderNo('contact-org-acc', records[0]!);
    const res = await upload(admin, orderNo, { name: '许可证 scan.pdf', content: PDF }, { fileBusinessType: LICENCE, comment: 'front page' });
    expect(res.body).toMatchObject({ code: 0, data: { originalFileName: '许可证 scan.pdf', fileExtName: 'pdf', byteSize: PDF.length, fileBusinessType: LICENCE, comment: 'front page', deleteFlag: '1', createByName: expect.any(String) } });
    const row = await t.db.selectFrom('uploadFile').select(['storageName', 'resourceCode', 'recordId']).where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ resourceCode: 'contact-org-acc', recordId: records[0] });
    expect(row.storageName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(fs.readFileSync(path.join(t.config.filesDir, row.storageName))).toEqual(PDF);
    expect(path.relative(t.config.staticDir, t.config.filesDir).startsWith('..')).toBe(true);
    const listed = await list(admin, orderNo);
    expect(listed.body.data.map((f) => f.originalFileName)).toEqual(['许可证 scan.pdf']);
    // The uploader's name in the reader's language (list: en-US).
    const admins = await t.db.selectFrom('appUser').select(['userName', 'userNameEn']).where('userCode', '=', DEMO.admin.userCode).executeTakeFirstOrThrow();
    expect(listed.body.data[0]!.createByName).toBe(admins.userNameEn || admins.userName);
    // Another user who may see the record reads it too (not only its uploader).
    const viewed = await t.app.inject({ method: 'GET', url: `${BASE}/view-file?id=${res.body.data.id}`, headers: { JwtToken: staff } });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.rawPayload).toEqual(PDF);
  });

  it('refuses a file named pdf whose content is text, and keeps nothing of it', async () => {
    const before = storedNames();
    const res = await upload(admin, recordOrderNo('contact-org-acc', records[1]!), { name: 'x.pdf', content: Buffer.from('just some text, not a pdf\n') });
    expect(res.body.code).toBe(CODE.uploadContentMismatch);
    expect(res.body.msg).toBe('The content of x.pdf is not a pdf file');
    expect(storedNames()).toEqual(before);
    // And a text file that is text, a png that is a png, pass.
    expect((await upload(admin, recordOrderNo('contact-org-acc', records[1]!), { name: 'notes.txt', content: Buffer.from('plain text\n') })).body.code).toBe(0);
    expect((await upload(admin, recordOrderNo('contact-org-acc', records[1]!), { name: 'p.png', content: PNG })).body.code).toBe(0);
    // A zip renamed .docx is a zip: accepted as an Office package; a png renamed .docx is not.
    expect((await upload(admin, recordOrderNo('contact-org-acc', records[1]!), { name: 'fake.docx', content: PNG })).body.code).toBe(CODE.uploadContentMismatch);
  });

  it('refuses a type the spec does not accept', async () => {
    const res = await upload(admin, recordOrderNo('contact-org-acc', records[1]!), { name: 'run.exe', content: Buffer.from('MZ') });
    expect(res.body.code).toBe(CODE.uploadTypeNotAccepted);
    expect(res.body.msg).toContain('exe');
  });

  it('refuses a file name holding control characters before a byte is written', async () => {
    const draft = draftOrderNo('0b0e9d1c-3a53-4c53-9a4e-2f1de2a6d0bb');
    const before = storedNames();
    // NUL (PostgreSQL refused it: 500, the file left behind), another C0, DEL, a C1 (sent as UTF-8).
    for (const name of ['a\u0000b.txt', 'a\u001bb.txt', 'a\u007fb.txt', 'a\u0085b.txt']) {
      const res = await upload(admin, draft, { name, content: Buffer.from('hello') });
      expect(res).toMatchObject({ status: 400, body: { code: CODE.uploadBadFileName, msg: "The file's name holds control characters: rename the file and upload it again" } });
    }
    expect(storedNames()).toEqual(before);
    expect((await list(admin, draft)).body.data).toEqual([]);
    const { payload, headers } = multipart({ orderNo: draft }, { name: 'a\u0000b.txt', content: Buffer.from('hello') });
    const zh = await t.app.inject({ method: 'POST', url: `${BASE}/upload-file`, payload, headers: { ...headers, JwtToken: admin, lang: 'zh-CN' } });
    expect(zh.json()).toMatchObject({ code: CODE.uploadBadFileName, msg: '文件名含有控制字符，请重命名文件后重新上传' });
  });

  it('answers a body busboy cannot read with 400 and its own code, and keeps nothing of it', async () => {
    const draft = draftOrderNo('0b0e9d1c-3a53-4c53-9a4e-2f1de2a6d0bc');
    const before = storedNames();
    const { payload, headers } = multipart({ orderNo: draft }, { name: 'cut.txt', content: Buffer.from('the part is whole, the closing boundary never comes\n') });
    const boundary = headers['content-type'].split('boundary=')[1]!;
    const unclosed = payload.subarray(0, payload.length - `--${boundary}--\r\n`.length);
    const fieldOnly = multipart({ orderNo: draft }).payload;
    const cases: Array<[string, string | Buffer, string]> = [
      ['no multipart inside', 'garbage', 'multipart/form-data; boundary=zzz'],
      ['no boundary', 'garbage', 'multipart/form-data'],
      ['a file part without the closing boundary', unclosed, headers['content-type']],
      ['a field without the closing boundary', fieldOnly.subarray(0, fieldOnly.length - `--${boundary}--\r\n`.length), headers['content-type']],
    ];
    for (const [label, body, type] of cases) {
      const res = await uploadRaw(body, type);
      expect({ label, ...res }).toEqual({ label, status: 400, body: { code: CODE.uploadMalformed, msg: 'The upload could not be read: the form data sent is malformed or incomplete. Upload the file again', data: null } });
    }
    expect((await uploadRaw('garbage', 'multipart/form-data', 'zh-CN')).body.msg).toBe('无法读取上传请求：提交的表单数据格式错误或不完整，请重新上传文件');
    expect(storedNames()).toEqual(before);
    expect((await list(admin, draft)).body.data).toEqual([]);
  });

  it('shortens a long file name to the column, keeping its extension', async () => {
    const draft = draftOrderNo('0b0e9d1c-3a53-4c53-9a4e-2f1de2a6d0bd');
    const plain = await upload(admin, draft, { name: `${'a'.repeat(296)}.txt`, content: Buffer.from('long') });
    expect(plain.body).toMatchObject({ code: 0, data: { originalFileName: `${'a'.repeat(UPLOAD_FILE_NAME_MAX - 4)}.txt`, fileExtName: 'txt' } });
    // Counted in characters, as the column counts them: none is cut in half.
    const wide = await upload(admin, draft, { name: `${'😀'.repeat(300)}.TXT`, content: Buffer.from('wide') });
    expect(wide.body).toMatchObject({ code: 0, data: { originalFileName: `${'😀'.repeat(UPLOAD_FILE_NAME_MAX - 4)}.TXT`, fileExtName: 'txt' } });
  });

  it('refuses a second file part with its own code, and keeps neither file', async () => {
    const draft = draftOrderNo('0b0e9d1c-3a53-4c53-9a4e-2f1de2a6d0be');
    const before = storedNames();
    const boundary = '----h4twofiles';
    const file = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${name}\r\n`;
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="orderNo"\r\n\r\n${draft}\r\n${file('one.txt')}${file('two.txt')}--${boundary}--\r\n`;
    const res = await uploadRaw(body, `multipart/form-data; boundary=${boundary}`);
    expect(res).toEqual({ status: 400, body: { code: CODE.uploadSingleFile, msg: 'Upload one file at a time', data: null } });
    expect((await uploadRaw(body, `multipart/form-data; boundary=${boundary}`, 'zh-CN')).body.msg).toBe('每次只能上传一个文件');
    expect(storedNames()).toEqual(before);
    expect((await list(admin, draft)).body.data).toEqual([]);
  });

  it('refuses a file above the configured limit, naming it, and removes the partial file', async () => {
    const small = await startTestApp(backend, { uploadMaxBytes: 1024 });
    try {
      const token = await small.login(DEMO.admin);
      const before = storedNames(small.config.filesDir);
      const res = await upload(token, recordOrderNo('contact-org-acc', records[0]!), { name: 'big.txt', content: Buffer.alloc(4096, 'a') }, {}, small);
      expect(res.status).toBe(413);
      expect(res.body.code).toBe(CODE.uploadTooLarge);
      expect(res.body.msg).toBe('The file is too large: each file must be below 1 KB');
      expect(storedNames(small.config.filesDir)).toEqual(before);
      expect((await upload(token, recordOrderNo('contact-org-acc', records[0]!), { name: 'ok.txt', content: Buffer.alloc(1000, 'a') }, {}, small)).body.code).toBe(0);
    } finally {
      await small.dispose();
    }
  });

  it('limits the count to attachmentSize when isLimit is on', async () => {
    const orderNo = recordOrderNo('contact-org-acc', records[2]!);
    for (let i = 0; i < 5; i++) expect((await upload(admin, orderNo, { name: `f${i}.txt`, content: Buffer.from(`file ${i}`) })).body.code).toBe(0);
    const sixth = await upload(admin, orderNo, { name: 'f5.txt', content: Buffer.from('one too many') });
    expect(sixth.body).toMatchObject({ code: CODE.uploadCountLimit, msg: 'At most 5 attachments can be uploaded' });
  });

  it('lets no one without the record list, download, change or delete its files, nor upload to it', async () => {
    // The staff user's duties lose the contact-account page (this file's own database).
    const userId = async (code: string) => (await t.db.selectFrom('appUser').select('id').where('userCode', '=', code).executeTakeFirstOrThrow()).id;
    const [staffId, adminId] = [await userId(DEMO.staff.userCode), await userId(DEMO.admin.userCode)];
    const func = await t.db.selectFrom('func').select('id').where('funcUrl', '=', '/contact-org-acc').executeTakeFirstOrThrow();
    const adminDuties = (await t.db.selectFrom('userDuty').select('dutyId').where('userId', '=', adminId).execute()).map((d) => d.dutyId);
    const staffDuties = (await t.db.selectFrom('userDuty').select('dutyId').where('userId', '=', staffId).execute()).map((d) => d.dutyId).filter((d) => !adminDuties.includes(d));
    if (staffDuties.length) await t.db.deleteFrom('dutyFunc').where('funcId', '=', func.id).where('dutyId', 'in', staffDuties).execute();
    expect((await t.post('/api/fsmc/contact-org-acc/query', { start: 1, limit: 10 }, { token: staff })).status).toBe(403);
    const orderNo = recordOrderNo('contact-org-acc', records[0]!);
    const [file] = (await list(admin, orderNo)).body.data;
    expect((await list(staff, orderNo)).body.code).toBe(CODE.uploadFileNotFound);
    const download = await t.get(`${BASE}/download-file`, { id: String(file!.id) }, { token: staff });
    expect(download.body.code).toBe(CODE.uploadFileNotFound);
    expect((await t.post(`${BASE}/delete-file`, { id: file!.id }, { token: staff })).body.code).toBe(CODE.uploadFileNotFound);
    expect((await t.post(`${BASE}/update-file-comment`, { id: file!.id, comment: 'x' }, { token: staff })).body.code).toBe(CODE.uploadFileNotFound);
    expect((await upload(staff, orderNo, { name: 'a.txt', content: Buffer.from('a') })).body.code).toBe(CODE.uploadOwnerUnknown);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/view-file?id=${file!.id}`, headers: { JwtToken: staff } })).statusCode).toBe(404);
    // Owners whose ids are past the database's integers are none (a 500 before), for any user.
    for (const owner of ['contact-org-acc:2147483648', 'FILE9999999999', 'WKFL9999999999', 'WKFL:rate-plan:9999999999']) {
      expect((await list(admin, owner)).body.code).toBe(CODE.uploadFileNotFound);
      expect((await upload(admin, owner, { name: 'a.txt', content: Buffer.from('a') })).body.code).toBe(CODE.uploadOwnerUnknown);
    }
    // No session: 401, whatever the address says.
    expect((await t.get(`${BASE}/download-file`, { id: String(file!.id) })).status).toBe(401);
  });

  it('keeps a draft’s files to their uploader', async () => {
    const draft = draftOrderNo('0b0e9d1c-3a53-4c53-9a4e-2f1de2a6d0a1');
    expect((await upload(admin, draft, { name: 'd.txt', content: Buffer.from('draft') })).body.code).toBe(0);
    expect((await list(admin, draft)).body.data).toHaveLength(1);
    expect((await list(staff, draft)).body.data).toEqual([]);
    const [mine] = (await list(admin, draft)).body.data;
    expect((await t.get(`${BASE}/download-file`, { id: String(mine!.id) }, { token: staff })).body.code).toBe(CODE.uploadFileNotFound);
  });

  it('deletes only what deleteFlag allows; bulk delete refuses an empty selection and a selection none of which may go', async () => {
    const orderNo = recordOrderNo('contact-org-acc', records[3]!);
    const kept = (await upload(admin, orderNo, { name: 'kept.txt', content: Buffer.from('k') })).body.data;
    const gone = (await upload(admin, orderNo, { name: 'gone.txt', content: Buffer.from('g') })).body.data;
    await t.db.updateTable('uploadFile').set({ deleteFlag: '0' }).where('id', '=', kept.id).execute();
    expect((await t.post(`${BASE}/delete-file`, { id: kept.id }, { token: admin, lang: 'en-US' })).body).toMatchObject({ code: CODE.uploadNotDeletable, msg: 'kept.txt cannot be deleted' });
    expect((await t.post(`${BASE}/delete-files`, { idList: [] }, { token: admin })).body.code).toBe(CODE.uploadEmptySelection);
    expect((await t.post(`${BASE}/delete-files`, { idList: [kept.id] }, { token: admin })).body.code).toBe(CODE.uploadNoneDeletable);
    const bulk = await t.post<{ deleted: number[] }>(`${BASE}/delete-files`, { idList: [kept.id, gone.id] }, { token: admin });
    expect(bulk.body.data.deleted).toEqual([gone.id]);
    expect((await list(admin, orderNo)).body.data.map((f) => f.originalFileName)).toEqual(['kept.txt']);
    const goneRow = await t.db.selectFrom('uploadFile').select('storageName').where('id', '=', gone.id).executeTakeFirstOrThrow();
    expect(fs.existsSync(path.join(t.config.filesDir, goneRow.storageName))).toBe(false);
  });

  it('sets a category among the business’s types and a comment', async () => {
    const orderNo = recordOrderNo('contact-org-acc', records[3]!);
    const [file] = (await list(admin, orderNo)).body.data;
    expect(file!.fileBusinessType).toBe(ATTACHMENT_DEFAULT_CATEGORY);
    const updated = await t.post<UploadedFile>(`${BASE}/update-file-comment`, { id: file!.id, fileBusinessType: '其他', comment: 'scanned' }, { token: admin });
    expect(updated.body.data).toMatchObject({ fileBusinessType: '其他', comment: 'scanned' });
    expect((await t.post(`${BASE}/update-file-comment`, { id: file!.id, fileBusinessType: 'Nonsense' }, { token: admin })).body.code).toBe(CODE.uploadCategoryUnknown);
  });

  it('downloads one file by header, and the chosen files as one zip', async () => {
    const orderNo = recordOrderNo('contact-org-acc', records[1]!);
    const files = (await list(admin, orderNo)).body.data;
    const one = await t.app.inject({ method: 'GET', url: `${BASE}/download-file?id=${files[0]!.id}`, headers: { JwtToken: admin } });
    expect(one.statusCode).toBe(200);
    expect(one.headers['x-content-type-options']).toBe('nosniff');
    expect(String(one.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent(files[0]!.originalFileName)}`);
    const ids = files.map((f) => f.id).join(',');
    const zip = await t.app.inject({ method: 'GET', url: `${BASE}/download-file?idList=${ids}`, headers: { JwtToken: admin, lang: 'en-US' } });
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(String(zip.headers['content-disposition'])).toContain('attachments.zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(files.map((f) => f.originalFileName).sort());
    expect(Buffer.from(entries['p.png']!)).toEqual(PNG);
    // A zip is a zip: one built here uploads as .zip.
    expect((await upload(admin, orderNo, { name: 'bundle.zip', content: Buffer.from(zipSync({ 'a.txt': strToU8('a') })) })).body.code).toBe(0);
  });

  it('refuses uploads to a record of a business whose attachments are off', async () => {
    await t.db.updateTable('attachTypeSet' as never).set({ attachmentFlag: false } as never).where('businessCode' as never, '=', 'counter-party' as never).execute();
    try {
      const party = await t.post<{ rows: Array<{ id: number }> }>('/api/fsmc/counter-party/query', { start: 1, limit: 1 }, { token: admin });
      const res = await upload(admin, recordOrderNo('counter-party', party.body.data.rows[0]!.id), { name: 'a.txt', content: Buffer.from('a') });
      expect(res.body).toMatchObject({ code: CODE.uploadOff, msg: 'Attachments are not kept for this business' });
    } finally {
      await t.db.updateTable('attachTypeSet' as never).set({ attachmentFlag: true } as never).where('businessCode' as never, '=', 'counter-party' as never).execute();
    }
  });

  it('answers the business’s setting', async () => {
    const res = await t.post(`${BASE}/query-attachment-type-set`, { businessCode: 'contact-org-acc' }, { token: staff });
    expect(res.body.data).toMatchObject({ attachmentFlag: true, isSelfSet: true, isLimit: true, attachmentSize: 5, attachmentTypeList: [{ attachmentTypeName: LICENCE, isRequire: true }, { attachmentTypeName: '其他', isRequire: false }] });
    expect((await t.post(`${BASE}/query-attachment-type-set`, { businessCode: 'currency' }, { token: staff })).body.data.attachmentFlag).toBe(false);
  });

  it('refuses a save missing a required attachment type, naming it, and saves once it is there', async () => {
    const body = { accountNo: `H4${Date.now().toString().slice(-10)}`, accountName: 'Attachment test', counterPartyCode: 'CP000001' };
    const add = async (extra: Record<string, unknown> = {}) => t.post<{ id: number }>('/api/fsmc/contact-org-acc/add', { ...body, ...extra }, { token: admin, lang: 'en-US' });
    const refused = await add();
    expect(refused.body).toMatchObject({ code: CODE.uploadRequired, msg: `Upload required: ${LICENCE}` });
    const draft = draftOrderNo('5d3c1e7a-9b2f-4e61-8c0d-7a1b2c3d4e5f');
    expect((await upload(admin, draft, { name: 'other.txt', content: Buffer.from('o') }, { fileBusinessType: '其他' })).body.code).toBe(0);
    expect((await add({ attachmentOrderNo: draft })).body.code).toBe(CODE.uploadRequired);
    expect((await upload(admin, draft, { name: 'licence.pdf', content: PDF }, { fileBusinessType: LICENCE })).body.code).toBe(0);
    const saved = await add({ attachmentOrderNo: draft });
    expect(saved.body.code).toBe(0);
    const orderNo = recordOrderNo('contact-org-acc', saved.body.data.id);
    expect((await list(admin, orderNo)).body.data.map((f) => f.fileBusinessType).sort()).toEqual([LICENCE, '其他'].sort());
    expect((await list(admin, draft)).body.data).toEqual([]);
  });

  it('refuses an update of a record whose required attachment is missing', async () => {
    const got = await t.get<{ id: number; version: number; accountName: string }>(`/api/fsmc/contact-org-acc/query-by-/${records[4]}`, undefined, { token: admin });
    const { id, version, accountName, counterPartyCode } = got.body.data as typeof got.body.data & { counterPartyCode: string };
    const res = await t.post('/api/fsmc/contact-org-acc/update', { id, version, accountName, counterPartyCode }, { token: admin, lang: 'en-US' });
    expect(res.body).toMatchObject({ code: CODE.uploadRequired, msg: `Upload required: ${LICENCE}` });
  });
});
