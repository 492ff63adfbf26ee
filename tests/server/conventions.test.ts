import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildApp } from '../../server/app';
import { sharedCompilers } from './support/shared-compilers';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

describe.each(availableBackends())('request conventions on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('answers an unknown /api path with 404 and a localised message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/fsmc/no/such/call', headers: { lang: 'en-US' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 1004, msg: 'No such address: /api/fsmc/no/such/call', data: null });
  });

  it('answers malformed JSON with 400, in zh-CN by default', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/fsmc/login/login', headers: { 'content-type': 'application/json' }, payload: '{"userCode": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1002, msg: '请求内容不是合法的 JSON' });
  });

  it('answers a body that breaks the schema with 400 naming the field', async () => {
    const res = await t.post('/api/fsmc/login/login', { userCode: 'admin' }, { lang: 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 1001, msg: 'Password is required', data: { errors: [{ field: 'password', rule: 'required', message: 'Password is required' }] } });
  });

  it('refuses a guarded call without a token, or with a made-up one, with 401 and -998', async () => {
    for (const token of [undefined, 'not-a-session']) {
      const res = await t.post('/api/fsmc/common/query/dictionary', ['FileType'], token ? { token } : {});
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: -998 });
    }
  });

  it('answers dictionaries grouped, in the caller language', async () => {
    const token = await t.login();
    const res = await t.post('/api/fsmc/common/query/dictionary', ['FileType', 'ExportType'], { token, lang: 'en-US' });
    expect(res.status).toBe(200);
    const { code, data } = res.body;
    expect(code).toBe(0);
    expect(data.dictionary.ExportType).toEqual([
      { value: '01', text: 'Current page' },
      { value: '02', text: 'All data' },
    ]);
    expect(data.dictionary.FileType.map((o: { value: string }) => o.value)).toEqual(['xlsx', 'csv']);
  });

  it('tells a wrong password apart from nothing else, and logs in with the right one', async () => {
    const wrong = await t.post('/api/fsmc/login/login', { userCode: 'admin', password: 'nope' });
    const unknown = await t.post('/api/fsmc/login/login', { userCode: 'ghost', password: 'nope' });
    expect(wrong.body).toMatchObject({ code: 1200 });
    expect(unknown.body).toEqual(wrong.body);
    const ok = await t.post('/api/fsmc/login/login', DEMO.staff);
    expect(ok.body).toMatchObject({ code: 0, data: { loginUserInfo: { userCode: 'staff', userType: 2 } } });
    expect(JSON.stringify(ok.body)).not.toMatch(/passwordHash|scrypt/);
  });

  it('ends a session on logout (-998) and an older one on a newer login (-997)', async () => {
    const first = await t.login(DEMO.staff);
    const second = await t.login(DEMO.staff);
    const info = (token: string) => t.get('/api/fsmc/session/share/query-session-info', undefined, { token });
    expect((await info(first)).body).toMatchObject({ code: -997 });
    expect((await info(second)).body).toMatchObject({ code: 0, data: { loginUserInfo: { userCode: 'staff' } } });
    await t.post('/api/fsmc/login/login-out', {}, { token: second });
    const after = await info(second);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: -998 });
  });

  it('lets the login page read the system title and languages without a session', async () => {
    const setting = await t.get('/api/portal/login/query-system-setting', undefined, { lang: 'en-US' });
    expect(setting.body).toMatchObject({ code: 0, data: { systemTitle: 'Treasury Portal' } });
    const langs = await t.post('/api/portal/login/query/lang-info-list');
    expect(langs.body.data.map((l: { langSymbol: string }) => l.langSymbol)).toEqual(['zh-CN', 'en-US']);
  });

  it('never sends a stack trace: a failing handler answers 500 with code 5000', async () => {
    const app = await buildApp({ db: t.db, config: t.config, compilers: sharedCompilers });
    app.post('/api/fsmc/test/explode', { config: { anonymous: true } }, async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
    const res = await app.inject({ method: 'POST', url: '/api/fsmc/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 5000 });
    expect(res.body).not.toMatch(/secret|\.ts|at /);
    await app.close();
  });
});

describe.each(availableBackends())('client address on %s', (backend) => {
  const addressSeen = async (trustProxy: string[]) => {
    const t = await startTestApp(backend, { trustProxy });
    try {
      const spoofed = { 'x-forwarded-for': '203.0.113.9' };
      const { body } = await t.post('/api/fsmc/login/qrcode/in/generate', {}, { headers: spoofed });
      const token = await t.login(DEMO.staff);
      const detail = await t.post('/api/fsmc/login/qrcode/in/detail', { qrId: body.data.qrId }, { token });
      return detail.body.data.clientAddress as string;
    } finally {
      await t.dispose();
    }
  };

  it('ignores X-Forwarded-For unless the request came through a trusted proxy', async () => {
    expect(await addressSeen([])).toBe('127.0.0.1');
    expect(await addressSeen(['127.0.0.1'])).toBe('203.0.113.9');
  });
});
