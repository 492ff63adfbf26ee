import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import QRCode from 'qrcode';
import { QR_CONFIRM_ROUTE, QR_GENERATE_LIMIT, QR_LOGIN_LIFETIME_SECONDS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { QR_IMAGE_OPTIONS } from '../../server/services/qr-login';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

jest.setTimeout(120_000);

// A short lifetime (server configuration); the expiry test moves the server clock past it.
const LIFETIME_SECONDS = 6;

/** Issue 5 point 1: QR-code login, and the mobile-app download code of the login page. */
describe.each(availableBackends())('QR-code login on %s', (backend) => {
  let t: TestApp;
  /** The same server with codes that expire in seconds (the lifetime is server configuration). */
  let short: TestApp;
  beforeAll(async () => {
    // The tests play several client addresses through X-Forwarded-For, as from behind a proxy.
    t = await startTestApp(backend, { trustProxy: ['127.0.0.1'] });
    short = await startTestApp(backend, { qrLoginLifetimeSeconds: LIFETIME_SECONDS });
  });
  afterAll(async () => {
    await t.dispose();
    await short.dispose();
  });

  const status = (qrId: string) => t.post('/api/fsmc/login/qrcode/in/status', { qrId });

  it('logs the waiting page in as the user who confirmed, once', async () => {
    const generated = await t.post('/api/fsmc/login/qrcode/in/generate', {}, { headers: { 'user-agent': 'Waiting-Browser/1.0' } });
    expect(generated.body.code).toBe(0);
    const { qrId, qrImage, confirmUrl, expiresAt } = generated.body.data;
    expect(confirmUrl).toMatch(new RegExp(`^http://[^/]+/index\\.html#${QR_CONFIRM_ROUTE}/${qrId}$`));
    // The image is the QR code of the confirmation address, nothing else.
    expect(qrImage).toBe(await QRCode.toDataURL(confirmUrl, QR_IMAGE_OPTIONS));
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(QR_LOGIN_LIFETIME_SECONDS * 1000);
    // The id is never stored as such.
    expect(await t.db.selectFrom('qrLogin').select('idHash').where('idHash', '=', qrId).executeTakeFirst()).toBeUndefined();

    expect((await status(qrId)).body.data).toMatchObject({ status: 'waiting' });
    expect((await status(qrId)).body.data.JwtToken).toBeUndefined();

    const phone = await t.login(DEMO.staff);
    const detail = await t.post('/api/fsmc/login/qrcode/in/detail', { qrId }, { token: phone });
    expect(detail.body.data).toMatchObject({ status: 'waiting', userAgent: 'Waiting-Browser/1.0' });
    expect((await t.post('/api/fsmc/login/qrcode/in/confirm', { qrId }, { token: phone })).body.code).toBe(0);

    const confirmed = await status(qrId);
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed', loginUserInfo: { userCode: 'staff' } });
    const session = await t.get('/api/fsmc/session/share/query-session-info', undefined, { token: confirmed.body.data.JwtToken });
    expect(session.body).toMatchObject({ code: 0, data: { loginUserInfo: { userCode: 'staff' } } });

    const later = await status(qrId);
    expect(later.body.data).toEqual({ status: 'consumed', expiresAt });
    const again = await t.post('/api/fsmc/login/qrcode/in/confirm', { qrId }, { token: confirmed.body.data.JwtToken, lang: 'en-US' });
    expect(again.body).toMatchObject({ code: CODE.qrUsed, msg: 'This QR code has already been used' });
  });

  it('leaves the confirming phone logged in; any other older session of the user still ends', async () => {
    const older = await t.login(DEMO.admin);
    const phone = await t.login(DEMO.admin);
    // The phone's own login ended the older one, as any newer login does.
    expect((await t.get('/api/fsmc/auth/userinfo/my-profile', {}, { token: older })).body.code).toBe(CODE.loginElsewhere);
    const { qrId } = (await t.post('/api/fsmc/login/qrcode/in/generate', {})).body.data;
    expect((await t.post('/api/fsmc/login/qrcode/in/confirm', { qrId }, { token: phone })).body.code).toBe(0);
    const confirmed = await status(qrId);
    expect(confirmed.body.data.status).toBe('confirmed');
    // Both the phone and the browser it let in work, at once.
    const onPhone = await t.get('/api/fsmc/auth/userinfo/my-profile', {}, { token: phone });
    expect([onPhone.status, onPhone.body.code]).toEqual([200, 0]);
    const inBrowser = await t.get('/api/fsmc/auth/userinfo/my-profile', {}, { token: confirmed.body.data.JwtToken });
    expect([inBrowser.status, inBrowser.body.code]).toEqual([200, 0]);
  });

  it('hands the session to only one of two simultaneous polls', async () => {
    const { qrId } = (await t.post('/api/fsmc/login/qrcode/in/generate', {})).body.data;
    await t.post('/api/fsmc/login/qrcode/in/confirm', { qrId }, { token: await t.login(DEMO.admin) });
    const answers = await Promise.all([status(qrId), status(qrId), status(qrId)]);
    expect(answers.map((a) => a.body.data.status).sort()).toEqual(['confirmed', 'consumed', 'consumed']);
    expect(answers.filter((a) => a.body.data.JwtToken)).toHaveLength(1);
  });

  it('lets a code expire: the page sees expired, the phone is told so', async () => {
    const phone = await short.login(DEMO.staff);
    const { qrId } = (await short.post('/api/fsmc/login/qrcode/in/generate', {})).body.data;
    expect((await short.post('/api/fsmc/login/qrcode/in/status', { qrId })).body.data.status).toBe('waiting');
    short.clock.advance(LIFETIME_SECONDS * 1000 + 1);
    expect((await short.post('/api/fsmc/login/qrcode/in/status', { qrId })).body.data.status).toBe('expired');
    const late = await short.post('/api/fsmc/login/qrcode/in/confirm', { qrId }, { token: phone, lang: 'en-US' });
    expect(late.body).toMatchObject({ code: CODE.qrExpired, msg: 'This QR code has expired. Ask for a new one on the login page.' });
  });

  it('does not log in with a code confirmed but not collected before it expired', async () => {
    const phone = await t.login(DEMO.admin);
    const { qrId } = (await t.post('/api/fsmc/login/qrcode/in/generate', {})).body.data;
    expect((await t.post('/api/fsmc/login/qrcode/in/confirm', { qrId }, { token: phone })).body.code).toBe(0);
    // Its lifetime runs out (moved into the past rather than waited for).
    const idHash = createHash('sha256').update(qrId).digest('hex');
    await t.db.updateTable('qrLogin').set({ expiresAt: new Date(Date.now() - 1000) }).where('idHash', '=', idHash).execute();
    const res = await status(qrId);
    expect(res.body.data.status).toBe('expired');
    expect(res.body.data.JwtToken).toBeUndefined();
  });

  it('treats a made-up id as expired, refuses to confirm it, and refuses a malformed one', async () => {
    expect((await status('AAAAAAAAAAAAAAAAAAAAAA')).body.data.status).toBe('expired');
    const token = await t.login(DEMO.staff);
    expect((await t.post('/api/fsmc/login/qrcode/in/confirm', { qrId: 'AAAAAAAAAAAAAAAAAAAAAA' }, { token })).body.code).toBe(CODE.qrUnknown);
    const bad = await t.post('/api/fsmc/login/qrcode/in/status', { qrId: "x' or 1=1 --" }, { lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('QR code needs at least 16 characters');
  });

  it('needs a session to confirm', async () => {
    const { qrId } = (await t.post('/api/fsmc/login/qrcode/in/generate', {})).body.data;
    const res = await t.post('/api/fsmc/login/qrcode/in/confirm', { qrId });
    expect(res.status).toBe(401);
    expect((await status(qrId)).body.data.status).toBe('waiting');
  });

  it('limits how many codes one address may ask for', async () => {
    const address = { headers: { 'x-forwarded-for': '10.9.9.9' } };
    const counted = async () => (await t.db.selectFrom('throttleEvent').select('id').where('bucket', '=', 'qr-generate').where('subject', '=', '10.9.9.9').execute()).length;
    expect((await t.post('/api/fsmc/login/qrcode/in/generate', {}, address)).body.code).toBe(0);
    expect((await t.post('/api/fsmc/login/qrcode/in/generate', {}, address)).body.code).toBe(0);
    expect(await counted()).toBe(2);
    // The rest of the allowance as the route records it (drawing 28 more QR images only costs time).
    await t.db
      .insertInto('throttleEvent')
      .values(Array.from({ length: QR_GENERATE_LIMIT - 2 }, () => ({ bucket: 'qr-generate', subject: '10.9.9.9' })))
      .execute();
    const refused = await t.post('/api/fsmc/login/qrcode/in/generate', {}, { ...address, lang: 'en-US' });
    expect(refused.body.code).toBe(CODE.tooManyRequests);
    expect(refused.body.msg).toMatch(/Try again in \d+ min\./);
    expect((await t.post('/api/fsmc/login/qrcode/in/generate', {}, { headers: { 'x-forwarded-for': '10.9.9.10' } })).body.code).toBe(0);
  });

  it('offers the mobile-app download code only when its address is configured', async () => {
    const none = await t.post('/api/fsmc/login/out/app/download/generate', {}, { lang: 'en-US' });
    expect(none.body).toMatchObject({ code: CODE.appDownloadNotConfigured, msg: 'No mobile app download address is configured' });
    const url = 'https://apps.example.com/treasury';
    await t.db.updateTable('sysParam').set({ paramValue: url }).where('paramKey', '=', 'app.download.url').execute();
    const res = await t.post('/api/fsmc/login/out/app/download/generate', {});
    expect(res.body.data).toEqual({ url, qrImage: await QRCode.toDataURL(url, QR_IMAGE_OPTIONS) });
    const page = await t.get('/api/fsmc/common/query-sys-param-set/-by-/login-page');
    expect(page.body.data.appDownloadEnabled).toBe(true);
  });
});
