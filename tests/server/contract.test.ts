import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Type } from 'typebox';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';
import { route } from '../../server/http/route';
import { ok } from '../../server/http/answer';
import { Body, Required, endpoint } from '../../src/shared/contract';
import { CODE } from '../../src/shared/codes';

/** A test-only call whose handler hands back more than its answer schema names. */
const leaky = endpoint({
  path: '/api/fsmc/test/leaky',
  summary: 'test',
  body: Body({ name: Required(8) }),
  data: Type.Object({ id: Type.Integer(), name: Type.String() }),
  flags: { anonymous: true },
});
const granted = endpoint({ path: '/api/fsmc/test/users-func', summary: 'test', data: Type.Null(), flags: { func: '/user-info' } });

const shape = (body: unknown) => expect(body).toEqual({ code: expect.any(Number), msg: expect.any(String), data: expect.anything() });

describe.each(availableBackends())('the API contract on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend, {}, async (app) => {
      await app.register(
        async (area) => {
          route(area, leaky, async (request) => ok({ id: 7, name: request.body.name, passwordHash: 'scrypt$secret', extra: [1, 2] }));
          route(area, granted, async () => ok(null));
        },
        { prefix: '/api/fsmc' },
      );
    });
    admin = await t.login(DEMO.admin);
    staff = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('cuts from an answer every column its schema does not name', async () => {
    const res = await t.post('/api/fsmc/test/leaky', { name: 'abc' });
    expect(res.body).toEqual({ code: 0, msg: 'success', data: { id: 7, name: 'abc' } });
    expect(JSON.stringify(res.body)).not.toMatch(/secret|extra/);
  });

  it('refuses an unknown field with 400 and a localised message, never dropping it silently', async () => {
    const zh = await t.post('/api/fsmc/login/login', { ...DEMO.staff, remember: true });
    expect(zh.status).toBe(400);
    expect(zh.body).toEqual({ code: CODE.validation, msg: 'remember不是此接口接受的字段', data: { errors: [{ field: 'remember', rule: 'unknownField', message: 'remember不是此接口接受的字段' }] } });
    const en = await t.post('/api/fsmc/remind/cancel-all', { all: true }, { token: staff, lang: 'en-US' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('all is not a field this call takes');
  });

  it('names an unknown field called after an Object.prototype member like any other (it answered 500)', async () => {
    for (const field of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const query = await t.app.inject({ method: 'GET', url: `/api/fsmc/components/upload/view-file?id=1&${field}=1`, headers: { lang: 'en-US' } });
      expect(query.statusCode).toBe(400);
      expect(query.json()).toMatchObject({ code: CODE.validation, msg: `${field} is not a field this call takes` });
    }
    const body = await t.post('/api/fsmc/login/login', { ...DEMO.staff, valueOf: 1 });
    expect(body.status).toBe(400);
    expect(body.body.msg).toBe('valueOf不是此接口接受的字段');
  });

  it('says per field and per rule what is wrong, once, in the caller language, without validator internals', async () => {
    const long = 'x'.repeat(65);
    const zh = await t.post('/api/fsmc/login/login', { userCode: long, password: 'p' });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('用户名最多 64 个字符');
    expect(zh.body.data.errors).toEqual([{ field: 'userCode', rule: 'maxLength', limit: 64, message: '用户名最多 64 个字符' }]);
    const en = await t.post('/api/fsmc/login/login', { userCode: long, password: 'p' }, { lang: 'en-US' });
    expect(en.body.msg).toBe('User name may have at most 64 characters');
    expect(JSON.stringify([zh.body, en.body])).not.toMatch(/schemaPath|instancePath|must NOT/);
  });

  it('coerces no type: a number sent as text is refused', async () => {
    const res = await t.post('/api/fsmc/remind/query-remind-info-by-page', { start: '1', limit: 10 }, { token: staff, lang: 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Page number must be a whole number');
  });

  describe('bounds: what the database would refuse answers 400 in the {code, msg, data} shape', () => {
    const NUL = 'a\u0000b';
    it.each([
      ['login', '/api/fsmc/login/login', { userCode: NUL, password: 'x' }, false],
      ['forgot-password', '/api/fsmc/common/forget-password/send-identify-code', { userCode: NUL }, false],
      ['file list', '/api/fsmc/common/query-upload-file-list', { orderNo: NUL }, false],
      ['dictionary query', '/api/fsmc/common/query/dictionary', ['FileType', NUL], true],
      ['edit-profile', '/api/fsmc/auth/userinfo/edit-profile', { userNameEn: NUL, email: '', gender: '' }, true],
    ])('a NUL character in %s', async (_name, url, body, session) => {
      const res = await t.post(url, body, { lang: 'en-US', ...(session ? { token: admin } : {}) });
      expect(res.status).toBe(400);
      shape(res.body);
      expect(res.body.code).toBe(CODE.validation);
      expect(res.body.msg).toMatch(/contains a character that is not allowed/);
    });

    it('paging far beyond any row (start 1e17)', async () => {
      const res = await t.post('/api/fsmc/remind/query-remind-info-by-page', { start: 1e17, limit: 10 }, { token: staff, lang: 'en-US' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: CODE.validation, msg: 'Page number must be at most 1000000' });
      const outbox = await t.post('/api/fsmc/system/outbox/query', { start: 1e17, limit: 10 }, { token: admin });
      expect(outbox.status).toBe(400);
    });

    it('a padded envelope nonce, and the same nonce bytes spelt another way', async () => {
      const sealed = await t.seal('/api/fsmc/login/login', DEMO.staff);
      const padded = { ...sealed, nonce: `${sealed.nonce}${'='.repeat(40)}` };
      const res = await t.app.inject({ method: 'POST', url: '/api/fsmc/login/login', payload: padded });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: CODE.envelopeInvalid, data: null });
      const first = await t.app.inject({ method: 'POST', url: '/api/fsmc/login/login', payload: sealed });
      expect(first.json().code).toBe(0);
      const replay = await t.app.inject({ method: 'POST', url: '/api/fsmc/login/login', payload: sealed });
      expect(replay.json().code).toBe(CODE.envelopeReplay);
    });

    it('a ClusterNO header over 32 characters', async () => {
      const res = await t.post('/api/fsmc/login/login', DEMO.staff, { headers: { ClusterNO: 'c'.repeat(33) }, lang: 'en-US' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: CODE.validation, msg: 'The request header ClusterNO is too long or malformed' });
      const fine = await t.post('/api/fsmc/login/login', DEMO.staff, { headers: { ClusterNO: 'c'.repeat(32) } });
      expect(fine.body.code).toBe(0);
    });

    it('a URL that does not decode', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/%c0%ae%c0%ae/etc/passwd', headers: { lang: 'en-US' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: CODE.badUrl, msg: 'The address is malformed', data: null });
    });
  });

  it('answers a path that exists with another method with 405, localised', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/fsmc/login/login', headers: { lang: 'en-US' } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ code: CODE.methodNotAllowed, msg: 'This address does not take a request of this method; it takes POST', data: null });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/fsmc/no/such' });
    expect(unknown.statusCode).toBe(404);
  });

  it('checks a function grant from the route config: 403 without the duty that grants it', async () => {
    // Logins above ended the first sessions (a newer login of the same user): fresh ones.
    staff = await t.login(DEMO.staff);
    admin = await t.login(DEMO.admin);
    const denied = await t.post('/api/fsmc/test/users-func', {}, { token: staff, lang: 'en-US' });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ code: CODE.forbidden, msg: 'You are not allowed to do this', data: null });
    const allowed = await t.post('/api/fsmc/test/users-func', {}, { token: admin });
    expect(allowed.body).toEqual({ code: 0, msg: 'success', data: null });
  });
});

describe.each(availableBackends())('the server clock on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('decides expiry: a session idle past its limit ends when the clock moves on, without waiting', async () => {
    const token = await t.login(DEMO.staff);
    const profile = () => t.get('/api/fsmc/auth/userinfo/my-profile', undefined, { token });
    expect((await profile()).body.code).toBe(0);
    t.clock.advance((t.config.sessionIdleMinutes - 1) * 60_000);
    expect((await profile()).body.code).toBe(0);
    t.clock.advance((t.config.sessionIdleMinutes + 1) * 60_000);
    const ended = await profile();
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ code: CODE.loginExpired });
  });
});
