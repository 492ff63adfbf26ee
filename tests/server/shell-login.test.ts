import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { LOGIN_LOGO } from '../../server/assets/login-logo';
import { restoreSeedFiles, sha256 } from '../../server/services/files';
import { LOGIN_PAGE_FILES, LOGIN_THROTTLE } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

// Every wrong password costs a real scrypt verification (128 MiB, a few hundred ms).
jest.setTimeout(180_000);

/** Issue 5 point 1 (login page, password login, throttling) and point 7 (logout, session info, language). */
describe.each(availableBackends())('shell login on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // The tests play several client addresses through X-Forwarded-For, as from behind a proxy.
    t = await startTestApp(backend, { trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await t.dispose();
  });

  /** Each test its own client address, so the per-address counts do not mix. */
  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

  it('gives the login page its parameters, title and logo without a session', async () => {
    const zh = await t.get('/api/fsmc/common/query-sys-param-set/-by-/login-page');
    expect(zh.body.code).toBe(0);
    expect(zh.body.data).toMatchObject({
      systemTitle: '资金管理平台',
      qrExpiresSeconds: t.config.qrLoginLifetimeSeconds,
      forgotPasswordEnabled: true,
      appDownloadEnabled: false,
    });
    expect(zh.body.data.loginTypes.map((x: { value: string }) => x.value)).toEqual(['password', 'qrcode', 'cert']);
    const en = await t.get('/api/fsmc/common/query-sys-param-set/-by-/login-page', undefined, { lang: 'en-US' });
    expect(en.body.data.systemTitle).toBe('Treasury Portal');
    expect(en.body.data.loginTypes[1]).toEqual({ value: 'qrcode', text: 'QR code' });

    const [logo] = zh.body.data.logoFiles;
    expect(logo.originalFileName).toMatch(/\.svg$/);
    // Relative to the page, so it holds under any BASE_PATH: the page sits at the root here.
    expect(logo.url).not.toMatch(/^\//);
    const file = await t.app.inject({ method: 'GET', url: new URL(logo.url, 'http://portal.test/login.html').pathname + new URL(logo.url, 'http://portal.test/').search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(file.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it('replaces a stored copy of the logo shipped before (its name cut off) with the one shipped now, bytes and record', async () => {
    // The logo as shipped before: the same drawing without its names' set lengths.
    const before = LOGIN_LOGO.content.replace(/ textLength="\d+"/g, '');
    expect(sha256(before)).toBe(LOGIN_LOGO.replaces[0]);
    const logo = await t.db.selectFrom('uploadFile').select(['id', 'storageName']).where('fileBusinessType', '=', 'login-logo').executeTakeFirstOrThrow();
    const stored = path.join(t.config.filesDir, logo.storageName);
    const record = () => t.db.selectFrom('uploadFile').select(['sha256', 'byteSize']).where('id', '=', logo.id).executeTakeFirstOrThrow();
    const now = { sha256: sha256(LOGIN_LOGO.content), byteSize: Buffer.byteLength(LOGIN_LOGO.content) };
    const storeBefore = async (bytes: boolean) => {
      await t.db.updateTable('uploadFile').set({ sha256: sha256(before), byteSize: Buffer.byteLength(before) }).where('id', '=', logo.id).execute();
      if (bytes) fs.writeFileSync(stored, before);
      else fs.rmSync(stored, { force: true });
    };

    // Its bytes still there, as the previous server left them.
    await storeBefore(true);
    await restoreSeedFiles(t.db, t.config.filesDir);
    expect(fs.readFileSync(stored, 'utf8')).toBe(LOGIN_LOGO.content);
    expect(await record()).toEqual(now);
    const served = await t.app.inject({ method: 'GET', url: `/api/fsmc/components/upload/view-file?id=${logo.id}` });
    expect(served.body).toBe(LOGIN_LOGO.content);

    // Its bytes lost: written again, as the current logo.
    await storeBefore(false);
    await restoreSeedFiles(t.db, t.config.filesDir);
    expect(fs.readFileSync(stored, 'utf8')).toBe(LOGIN_LOGO.content);
    expect(await record()).toEqual(now);
  });

  it('lists the login logos anonymously, but other files only with a session', async () => {
    const logos = await t.post('/api/fsmc/common/query-upload-file-list', { orderNo: LOGIN_PAGE_FILES });
    expect(logos.body.code).toBe(0);
    expect(logos.body.data[0]).toMatchObject({ fileExtName: 'svg', fileBusinessType: 'login-logo' });
    const other = await t.post('/api/fsmc/common/query-upload-file-list', { orderNo: 'FILE70101' });
    expect(other.status).toBe(401);
    expect(other.body.code).toBe(CODE.loginExpired);
    const token = await t.login(DEMO.staff);
    const mine = await t.post('/api/fsmc/common/query-upload-file-list', { orderNo: 'FILE70101' }, { token });
    expect(mine.body).toMatchObject({ code: 0, data: [] });
  });

  it('answers an unknown file id with a localised 404, and a non-number id with 400', async () => {
    const missing = await t.get('/api/fsmc/components/upload/view-file', { id: '99999' }, { lang: 'en-US' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toMatch(/No such address/);
    const bad = await t.get('/api/fsmc/components/upload/view-file', { id: '../etc/passwd' }, { lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(CODE.validation);
  });

  it('throttles a user after repeated wrong passwords, with the minutes to wait, in the caller language', async () => {
    const wrong = { userCode: 'staff', password: 'Wrong#1234' };
    for (let i = 0; i < LOGIN_THROTTLE.userFailures; i++) {
      const res = await t.post('/api/fsmc/login/login', wrong, from(`10.0.0.${i + 1}`));
      expect(res.body.code).toBe(CODE.badCredentials);
    }
    // Even the right password is refused now, from any address, before it is checked.
    const zh = await t.post('/api/fsmc/login/login', DEMO.staff, from('10.0.0.99'));
    expect(zh.body.code).toBe(CODE.throttled);
    expect(zh.body.data.minutes).toBe(LOGIN_THROTTLE.windowMinutes);
    expect(zh.body.msg).toBe(`登录失败次数过多，请 ${LOGIN_THROTTLE.windowMinutes} 分钟后再试`);
    const en = await t.post('/api/fsmc/login/login', { ...DEMO.staff, userCode: 'STAFF' }, { ...from('10.0.0.98'), lang: 'en-US' });
    expect(en.body).toMatchObject({ code: CODE.throttled, msg: `Too many failed logins. Try again in ${LOGIN_THROTTLE.windowMinutes} min.` });
    // Other users are not affected.
    expect((await t.post('/api/fsmc/login/login', DEMO.admin, from('10.0.0.97'))).body.code).toBe(0);
  });

  it('counts the wait from the failures still inside the window', async () => {
    // Failures made 10 minutes ago (rows as the server writes them, backdated) leave 5 minutes to wait.
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.db
      .insertInto('throttleEvent')
      .values(Array.from({ length: LOGIN_THROTTLE.userFailures }, () => ({ bucket: 'login-user', subject: 'admin', createdAt: ago(10) })))
      .execute();
    const res = await t.post('/api/fsmc/login/login', DEMO.admin, { ...from('10.7.0.1'), lang: 'en-US' });
    expect(res.body).toMatchObject({ code: CODE.throttled, data: { minutes: LOGIN_THROTTLE.windowMinutes - 10 } });
    // Failures older than the window do not count.
    await t.db.deleteFrom('throttleEvent').where('subject', '=', 'admin').execute();
    await t.db
      .insertInto('throttleEvent')
      .values(Array.from({ length: LOGIN_THROTTLE.userFailures }, () => ({ bucket: 'login-user', subject: 'admin', createdAt: ago(LOGIN_THROTTLE.windowMinutes + 1) })))
      .execute();
    expect((await t.post('/api/fsmc/login/login', DEMO.admin, from('10.7.0.1'))).body.code).toBe(0);
  });

  it('throttles an unknown user code the same way, so the answer does not tell who exists', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.userFailures; i++) await t.post('/api/fsmc/login/login', { userCode: 'ghost', password: 'x' }, from(`10.1.0.${i + 1}`));
    expect((await t.post('/api/fsmc/login/login', { userCode: 'ghost', password: 'x' }, from('10.1.0.99'))).body.code).toBe(CODE.throttled);
  });

  it('throttles a client address that tries many user codes', async () => {
    const address = from('10.2.0.1');
    const counted = async () => (await t.db.selectFrom('throttleEvent').select('id').where('bucket', '=', 'login-address').where('subject', '=', '10.2.0.1').execute()).length;
    for (const userCode of ['nobody1', 'nobody2']) {
      expect((await t.post('/api/fsmc/login/login', { userCode, password: 'x' }, address)).body.code).toBe(CODE.badCredentials);
    }
    expect(await counted()).toBe(2);
    // The rest of the address's allowance as the route records failures (each real one costs a scrypt run).
    await t.db
      .insertInto('throttleEvent')
      .values(Array.from({ length: LOGIN_THROTTLE.addressFailures - 2 }, () => ({ bucket: 'login-address', subject: '10.2.0.1' })))
      .execute();
    expect((await t.post('/api/fsmc/login/login', DEMO.admin, address)).body.code).toBe(CODE.throttled);
    expect((await t.post('/api/fsmc/login/login', DEMO.admin, from('10.2.0.2'))).body.code).toBe(0);
  });

  it('forgets a user\'s failures after a successful login', async () => {
    const user = { userCode: 'admin', password: 'Wrong#1234' };
    for (let i = 0; i < LOGIN_THROTTLE.userFailures - 1; i++) await t.post('/api/fsmc/login/login', user, from('10.3.0.1'));
    expect((await t.post('/api/fsmc/login/login', DEMO.admin, from('10.3.0.1'))).body.code).toBe(0);
    for (let i = 0; i < LOGIN_THROTTLE.userFailures - 1; i++) {
      expect((await t.post('/api/fsmc/login/login', user, from('10.3.0.1'))).body.code).toBe(CODE.badCredentials);
    }
    expect((await t.post('/api/fsmc/login/login', DEMO.admin, from('10.3.0.1'))).body.code).toBe(0);
  });

  it('refuses a locked user who knows the password with 1202, and a wrong password still with 1200', async () => {
    await t.db.updateTable('appUser').set({ status: 'locked' }).where('userCode', '=', 'staff').execute();
    try {
      await t.db.deleteFrom('throttleEvent').execute();
      const locked = await t.post('/api/fsmc/login/login', DEMO.staff, { ...from('10.4.0.1'), lang: 'en-US' });
      expect(locked.body).toMatchObject({ code: CODE.userLocked, msg: 'This user is locked. Please contact an administrator.' });
      expect((await t.post('/api/fsmc/login/login', { userCode: 'staff', password: 'nope' }, from('10.4.0.1'))).body.code).toBe(CODE.badCredentials);
    } finally {
      await t.db.updateTable('appUser').set({ status: 'active' }).where('userCode', '=', 'staff').execute();
      await t.db.deleteFrom('throttleEvent').execute();
    }
  });

  it('saves the language, and session info carries it with the theme, default menu and no-notify flag', async () => {
    const token = await t.login(DEMO.staff);
    const before = await t.get('/api/fsmc/session/share/query-session-info', undefined, { token });
    expect(before.body.data).toMatchObject({
      lang: 'zh-CN',
      systemTitle: '资金管理平台',
      themeName: 'var6',
      navColor: 'light',
      defaultMenu: { funcId: null, funcUrl: null },
      noNotify: false,
      loginUserInfo: { userCode: 'staff' },
      dutyStations: [{ dutyCode: 'STAFF', dutyName: '资金业务员', status: 'active' }],
    });
    const set = await t.post('/api/fsmc/login/lang-setting', { lang: 'en-US' }, { token });
    expect(set.body).toMatchObject({ code: 0, data: { lang: 'en-US' } });
    const after = await t.get('/api/fsmc/session/share/query-session-info', undefined, { token });
    expect(after.body.data).toMatchObject({ lang: 'en-US', systemTitle: 'Treasury Portal', dutyStations: [{ dutyName: 'Treasury clerk' }] });
    // The next login starts in the saved language, whatever the login page sent.
    const again = await t.post('/api/fsmc/login/login', DEMO.staff, { lang: 'zh-CN' });
    expect(again.body.data.lang).toBe('en-US');
    const bad = await t.post('/api/fsmc/login/lang-setting', { lang: 'fr-FR' }, { token: again.body.data.JwtToken, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Language must be one of: zh-CN, en-US');
    await t.post('/api/fsmc/login/lang-setting', { lang: 'zh-CN' }, { token: again.body.data.JwtToken });
  });

  it('ends the session on logout', async () => {
    const token = await t.login(DEMO.admin);
    expect((await t.post('/api/fsmc/login/login-out', {}, { token })).body.code).toBe(0);
    const after = await t.get('/api/fsmc/session/share/query-session-info', undefined, { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(CODE.loginExpired);
  });
});
