import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { USER_TYPE_ADMIN } from '../../src/shared/constants';
import { recordOrderNo } from '../../src/shared/attachments';
import { createSession } from '../../server/security/sessions';
import { hashPassword } from '../../server/security/password';
import { sha256 } from '../../server/services/files';
import { availableBackends, tempDir } from './support/backends';
import { DEMO, openTestDb, startTestApp, startTestAppOn, type TestApp, type TestDb } from './support/test-server';

const PREVIEW = '/api/fsmc/components/upload/file-online-preview';
const VIEW = '/api/fsmc/components/upload/view-file';
const RTF = '{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Helvetica;}}\\f0 Treasury preview check\\par}';

/** LibreOffice on this machine: the real conversion is tested only then (CI has none). */
const SOFFICE = spawnSync('soffice', ['--version'], { timeout: 60_000 }).status === 0;

/**
 * Stand-ins for the converter, as the OFFICE_CONVERTER setting names a program: one that
 * writes a pdf where soffice would (and notes each run), one that fails, one that hangs.
 */
function fakeConverters() {
  const dir = tempDir('fake-soffice');
  const log = path.join(dir, 'runs.log');
  const write = (name: string, body: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `#!/bin/sh\nif [ "$1" = --version ]; then exit 0; fi\n${body}\n`, { mode: 0o755 });
    return file;
  };
  // The arguments end with `--outdir <dir> <input>`, as the service passes them.
  const converting = write(
    'converting.sh',
    `for a in "$@"; do prev="$cur"; cur="$a"; if [ "$prev" = --outdir ]; then out="$a"; fi; done\nbase=$(basename "$cur"); mkdir -p "$out"; echo run >> '${log}'; printf '%%PDF-1.4 fake %s' "$base" > "$out/\${base%.*}.pdf"`,
  );
  const failing = write('failing.sh', 'exit 3');
  const hanging = write('hanging.sh', 'sleep 30');
  return { dir, converting, failing, hanging, runs: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0) };
}

/**
 * Issue 13 point 5 (the previewer's server half) and point 4's "downloads and previews never
 * put the session token in a URL, and a user reads only files they may see": an Office file
 * converted to pdf, or the converter-missing code the previewer turns into its message and a
 * download; the file's own bytes through view-file with the session header.
 */
describe.each(availableBackends())('document preview on %s', (backend) => {
  const fakes = fakeConverters();
  let t: TestApp;
  let staff: string;
  let admin: string;
  let other: string;
  let staffId: number;

  /** A file in the store as an upload leaves it: bytes under a server-made name, its row. */
  async function store(app: TestApp, fileName: string, content: string | Buffer, createdBy: number) {
    const storageName = `h5-${Math.random().toString(36).slice(2)}${path.extname(fileName)}`;
    fs.writeFileSync(path.join(app.config.filesDir, storageName), content);
    const row = await app.db
      .insertInto('uploadFile')
      .values({ orderNo: 'PREVIEW-ORDER', fileBusinessType: 'note', originalFileName: fileName, fileExtName: path.extname(fileName).slice(1), mimeType: 'application/octet-stream', byteSize: Buffer.byteLength(content), sha256: sha256(content), storageName, createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const preview = (app: TestApp, id: number | string, token: string | null, lang = 'en-US', query = '') =>
    app.app.inject({ method: 'GET', url: `${PREVIEW}/${id}${query}`, headers: { ...(token ? { JwtToken: token } : {}), lang } });

  beforeAll(async () => {
    t = await startTestApp(backend, { officeConverter: '' });
    staff = await t.login(DEMO.staff);
    admin = await t.login(DEMO.admin);
    staffId = (await t.db.selectFrom('appUser').select('id').where('userCode', '=', DEMO.staff.userCode).executeTakeFirstOrThrow()).id;
    const otherId = (
      await t.db
        .insertInto('appUser')
        .values({ userCode: 'h5-other', userName: 'Other', passwordHash: await hashPassword('Whatever#2026'), userType: USER_TYPE_ADMIN + 1, staffType: 2, orgId: null, status: 'active', userNameEn: null, email: null, gender: null, lang: null, themeName: null, navColor: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    other = await createSession(t.db, otherId, { idleMinutes: 30, maxHours: 12 });
  });
  afterAll(async () => {
    await t?.dispose();
    fs.rmSync(fakes.dir, { recursive: true, force: true });
  });

  it('answers an Office file with the converter-missing code and its message when the server has no converter', async () => {
    const id = await store(t, '季度报告.docx', 'PK not really a docx', staffId);
    const en = await preview(t, id, staff);
    expect(en.statusCode).toBe(200);
    expect(en.json()).toMatchObject({ code: CODE.previewConverterMissing, msg: expect.stringContaining('download the file') });
    const zh = await preview(t, id, staff, 'zh-CN');
    expect(zh.json().msg).toContain('请下载后打开');
  });

  it('says a file that is not an Office document is previewed as it is', async () => {
    const id = await store(t, 'scan.pdf', '%PDF-1.4', staffId);
    expect((await preview(t, id, staff)).json()).toMatchObject({ code: CODE.previewNotOffice, msg: 'scan.pdf is not an Office document; it is previewed as it is' });
  });

  it('refuses a file the caller may not read as if it did not exist, and a missing or malformed id', async () => {
    const id = await store(t, 'private.xlsx', 'secret sheet', staffId);
    const refused = await preview(t, id, other);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('secret sheet');
    expect((await preview(t, 999_999_999, staff)).statusCode).toBe(404);
    expect((await preview(t, 'abc', staff)).statusCode).toBe(400);
    // The administrator reads it (and hears the converter is missing).
    expect((await preview(t, id, admin)).json().code).toBe(CODE.previewConverterMissing);
  });

  it('takes the session only from the header: a token in the address is not a session', async () => {
    const id = await store(t, 'note.docx', 'x', staffId);
    for (const name of ['JwtToken', 'jwtToken', 'token']) {
      const res = await preview(t, id, null, 'en-US', `?${name}=${staff}`);
      expect(res.statusCode).toBe(401);
    }
    const text = await store(t, 'note.txt', 'staff only', staffId);
    const view = await t.app.inject({ method: 'GET', url: `${VIEW}?id=${text}&JwtToken=${staff}` });
    // view-file's query names only the id: anything else is refused before a session is looked at.
    expect(view.statusCode).toBe(400);
    expect(view.body).not.toContain('staff only');
  });

  it('serves a file’s own bytes for the previewer with its session header, inline and never sniffed', async () => {
    const gbk = Buffer.from([0xd6, 0xd0, 0xce, 0xc4]); // 中文 in GBK
    const id = await store(t, '说明.txt', gbk, staffId);
    const res = await t.app.inject({ method: 'GET', url: `${VIEW}?id=${id}`, headers: { JwtToken: staff } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(gbk)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-disposition'])).toBe(`inline; filename*=UTF-8''${encodeURIComponent('说明.txt')}`);
    expect((await t.app.inject({ method: 'GET', url: `${VIEW}?id=${id}`, headers: { JwtToken: other } })).statusCode).toBe(404);
  });

  it('lets whoever may see a file’s record preview it, and no one once the record’s page is taken away', async () => {
    const adminId = (await t.db.selectFrom('appUser').select('id').where('userCode', '=', DEMO.admin.userCode).executeTakeFirstOrThrow()).id;
    const record = (await t.post<{ rows: Array<{ id: number }> }>('/api/fsmc/contact-org-acc/query', { start: 1, limit: 1 }, { token: admin })).body.data.rows[0]!.id;
    const id = await store(t, '开户许可证.docx', 'licence', adminId);
    await t.db.updateTable('uploadFile').set({ orderNo: recordOrderNo('contact-org-acc', record), resourceCode: 'contact-org-acc', recordId: record }).where('id', '=', id).execute();
    // The staff user did not upload it, but sees the record: the preview answers (no converter here).
    expect((await preview(t, id, staff)).json().code).toBe(CODE.previewConverterMissing);
    // The staff user's duties lose the page (this file's own database): the file is not there for them.
    const func = await t.db.selectFrom('func').select('id').where('funcUrl', '=', '/contact-org-acc').executeTakeFirstOrThrow();
    const adminDuties = (await t.db.selectFrom('userDuty').select('dutyId').where('userId', '=', adminId).execute()).map((d) => d.dutyId);
    const staffDuties = (await t.db.selectFrom('userDuty').select('dutyId').where('userId', '=', staffId).execute()).map((d) => d.dutyId).filter((d) => !adminDuties.includes(d));
    if (staffDuties.length) await t.db.deleteFrom('dutyFunc').where('funcId', '=', func.id).where('dutyId', 'in', staffDuties).execute();
    const refused = await preview(t, id, staff);
    expect([refused.statusCode, refused.body.includes('licence')]).toEqual([404, false]);
    expect((await preview(t, id, admin)).json().code).toBe(CODE.previewConverterMissing);
  });

  describe('with a converter configured (stand-ins for soffice)', () => {
    const started: TestApp[] = [];
    // One database for this group's apps, each with its own converter, files and preview
    // directory: a test reads only the files it stored, so the apps need no database each.
    let shared: TestDb;
    beforeAll(async () => {
      shared = await openTestDb(backend);
    });
    const withConverter = async (command: string, timeoutSeconds = 60) => {
      const app = await startTestAppOn({ ...shared, dispose: async () => undefined }, { officeConverter: command, officeConvertTimeoutSeconds: timeoutSeconds, officePreviewDir: tempDir('office-preview') });
      started.push(app);
      const staffUser = (await app.db.selectFrom('appUser').select('id').where('userCode', '=', DEMO.staff.userCode).executeTakeFirstOrThrow()).id;
      return { app, staffUser, token: await app.login(DEMO.staff) };
    };
    afterAll(async () => {
      for (const app of started) await app.dispose();
      await shared?.dispose();
    });

    it('converts once per content however often and however concurrently it is opened, and answers the pdf inline', async () => {
      const { app, staffUser, token } = await withConverter(fakes.converting);
      const id = await store(app, 'plan.docx', 'plan bytes', staffUser);
      const twin = await store(app, 'plan copy.doc', 'plan bytes', staffUser);
      const before = fakes.runs();
      const [a, b] = await Promise.all([preview(app, id, token), preview(app, id, token)]);
      for (const res of [a, b]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(String(res.headers['content-disposition'])).toBe(`inline; filename*=UTF-8''plan.pdf`);
        expect(res.body.startsWith('%PDF-1.4 fake')).toBe(true);
      }
      expect((await preview(app, twin, token)).body.startsWith('%PDF-1.4 fake')).toBe(true);
      expect(fakes.runs() - before).toBe(1);
      // Kept by content under the preview directory, not the web root.
      expect(fs.readdirSync(app.config.officePreviewDir).filter((f) => f !== '.work')).toEqual([`${sha256('plan bytes')}.pdf`]);
      // Each run's scratch directory is gone with it.
      expect(fs.readdirSync(path.join(app.config.officePreviewDir, '.work'))).toEqual([]);
    });

    it('says a conversion failed, or took too long, with the file’s name', async () => {
      const failing = await withConverter(fakes.failing);
      const broken = await store(failing.app, 'broken.xlsx', 'not a sheet', failing.staffUser);
      expect((await preview(failing.app, broken, failing.token)).json()).toMatchObject({ code: CODE.previewConversionFailed, msg: 'broken.xlsx could not be converted for preview; download the file to open it' });
      const hanging = await withConverter(fakes.hanging, 0.3);
      const slow = await store(hanging.app, 'slow.pptx', 'slides', hanging.staffUser);
      expect((await preview(hanging.app, slow, hanging.token)).json()).toMatchObject({ code: CODE.previewConversionTimeout, msg: 'Converting slow.pptx for preview took longer than 0.3 seconds; download the file to open it' });
    });

    // LibreOffice itself: only where it is installed (CI has none; the stand-ins above cover the rest).
    (SOFFICE ? it : it.skip)('turns a real rtf document into a pdf with LibreOffice (soffice present)', async () => {
      const { app, staffUser, token } = await withConverter('soffice', 120);
      const id = await store(app, 'memo.rtf', RTF, staffUser);
      const res = await preview(app, id, token);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.length).toBeGreaterThan(500);
    }, 180_000);
  });
});
