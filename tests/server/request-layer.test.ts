import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { HEADERS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { ok } from '../../server/http/answer';
import { buildApp } from '../../server/app';
import { sharedCompilers } from './support/shared-compilers';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

/** A create route as later resources will write them: it just switches the request token on. */
function orgCreateRoute(app: FastifyInstance) {
  app.post<{ Body: { orgCode: string; orgName: string } }>(
    '/api/fsmc/test/org/add',
    {
      config: { requestToken: true },
      schema: { body: { type: 'object', required: ['orgCode', 'orgName'], properties: { orgCode: { type: 'string', minLength: 1 }, orgName: { type: 'string' } } } },
    },
    async (request) => {
      await app.db.insertInto('org').values({ ...request.body, orgType: 'SUB' }).execute();
      return ok(request.body.orgCode);
    },
  );
}

describe.each(availableBackends())('request tokens, 412 confirmations and sessions on %s', (backend) => {
  let t: TestApp;
  let token: string;
  const ADD = '/api/fsmc/test/org/add';
  const EDIT = '/api/fsmc/auth/userinfo/edit-profile';
  const orgs = async (orgCode: string) => (await t.db.selectFrom('org').select('id').where('orgCode', '=', orgCode).execute()).length;

  beforeAll(async () => {
    t = await startTestApp(backend, {}, orgCreateRoute);
    token = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('issues request tokens only to a session', async () => {
    const res = await t.get('/api/fsmc/common/token/getToken');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(CODE.loginExpired);
    const a = await t.requestToken(token);
    const b = await t.requestToken(token);
    expect(a).toMatch(/^[\w-]{32}$/);
    expect(b).not.toBe(a);
  });

  it('creates one record when a form is submitted twice at once with the same token (a double click)', async () => {
    const requestToken = await t.requestToken(token);
    const body = { orgCode: 'DOUBLE', orgName: 'double click' };
    const options = { token, lang: 'en-US', headers: { [HEADERS.requestToken]: requestToken } };
    const [first, second] = await Promise.all([t.post(ADD, body, options), t.post(ADD, body, options)]);
    const codes = [first.body.code, second.body.code].sort();
    expect(codes).toEqual([CODE.ok, CODE.duplicateSubmit]);
    const refused = first.body.code === CODE.ok ? second : first;
    expect(refused.body.msg).toBe('Please do not submit twice');
    expect(await orgs('DOUBLE')).toBe(1);
    // Both answers tell the browser to fetch the next token; with it the next form goes through.
    expect(first.headers[HEADERS.requestToken]).toBe('refresh');
    expect(second.headers[HEADERS.requestToken]).toBe('refresh');
    const next = await t.post(ADD, { orgCode: 'NEXT', orgName: 'next form' }, { token, headers: { [HEADERS.requestToken]: await t.requestToken(token) } });
    expect(next.body.code).toBe(0);
  });

  it('refuses a create without a token, or with another session\'s token, and keeps a token the schema refused', async () => {
    expect((await t.post(ADD, { orgCode: 'NOTOKEN', orgName: 'x' }, { token, requestToken: false })).body.code).toBe(CODE.duplicateSubmit);
    const adminToken = await t.login(DEMO.admin);
    const foreign = await t.requestToken(adminToken);
    expect((await t.post(ADD, { orgCode: 'FOREIGN', orgName: 'x' }, { token, headers: { [HEADERS.requestToken]: foreign } })).body.code).toBe(CODE.duplicateSubmit);
    expect(await orgs('NOTOKEN')).toBe(0);
    expect(await orgs('FOREIGN')).toBe(0);
    const kept = await t.requestToken(token);
    const bad = await t.post(ADD, { orgCode: '', orgName: 'x' }, { token, headers: { [HEADERS.requestToken]: kept } });
    expect(bad.status).toBe(400);
    expect((await t.post(ADD, { orgCode: 'KEPT', orgName: 'x' }, { token, headers: { [HEADERS.requestToken]: kept } })).body.code).toBe(0);
  });

  it('reads and edits my profile; an invalid e-mail is refused with a localised message and nothing changes', async () => {
    const me = await t.get('/api/fsmc/auth/userinfo/my-profile', undefined, { token });
    expect(me.body).toMatchObject({ code: 0, data: { userCode: 'staff', email: 'staff@example.invalid' } });
    const bad = await t.post(EDIT, { userNameEn: 'Zhang', email: 'not-an-address', gender: 'GIRL' }, { token, lang: 'zh-CN' });
    expect(bad.body).toMatchObject({ code: CODE.emailInvalid, msg: '邮箱地址格式不正确' });
    const gender = await t.post(EDIT, { userNameEn: 'Zhang', email: 'staff@example.invalid', gender: 'MALE' }, { token, lang: 'en-US' });
    expect(gender.status).toBe(400);
    expect(gender.body.msg).toBe('Gender must be one of: BOY, GIRL, ""');
    const saved = await t.post(EDIT, { userNameEn: '  Zhang Wei ', email: 'staff@example.invalid', gender: 'BOY' }, { token });
    expect(saved.body).toMatchObject({ code: 0, data: { userNameEn: 'Zhang Wei', gender: 'BOY' } });
    const row = await t.db.selectFrom('appUser').select(['userNameEn', 'gender']).where('userCode', '=', 'staff').executeTakeFirstOrThrow();
    expect(row).toEqual({ userNameEn: 'Zhang Wei', gender: 'BOY' });
  });

  it('asks for the password and a confirmation (412) before changing the e-mail, and applies it when sent again with the validation flag', async () => {
    const body = { userNameEn: 'Zhang Wei', email: 'zhang@example.invalid', gender: 'BOY', password: DEMO.staff.password };
    const { password: _omitted, ...noPassword } = body;
    expect((await t.post(EDIT, noPassword, { token, lang: 'en-US' })).body).toMatchObject({ code: CODE.passwordNeeded, msg: 'Enter your current password to change the e-mail address' });
    expect((await t.post(EDIT, { ...body, password: 'Not#ThePassword1' }, { token, lang: 'en-US' })).body).toMatchObject({ code: CODE.passwordIncorrect, msg: 'The password is not correct' });
    const asked = await t.post(EDIT, body, { token, lang: 'en-US' });
    expect(asked.status).toBe(412);
    expect(asked.body).toMatchObject({ code: CODE.confirmRequired, data: { from: 'staff@example.invalid', to: 'zhang@example.invalid' } });
    expect(asked.body.data.message).toContain('zhang@example.invalid');
    expect(asked.headers[HEADERS.confirmUrl]).toBe(EDIT);
    expect(asked.headers[HEADERS.confirmMethod]).toBe('POST');
    const unchanged = await t.db.selectFrom('appUser').select('email').where('userCode', '=', 'staff').executeTakeFirstOrThrow();
    expect(unchanged.email).toBe('staff@example.invalid');

    const flag = asked.body.data.validFlag as string;
    expect((await t.post(EDIT, body, { token, headers: { [HEADERS.validFlag]: 'made-up' } })).body.code).toBe(CODE.validFlagInvalid);
    // A flag confirmed for one address does not set another, and is not spent by the attempt.
    const elsewhere = await t.post(EDIT, { ...body, email: 'attacker@example.invalid' }, { token, headers: { [HEADERS.validFlag]: flag } });
    expect(elsewhere.body.code).toBe(CODE.validFlagInvalid);
    expect((await t.db.selectFrom('appUser').select('email').where('userCode', '=', 'staff').executeTakeFirstOrThrow()).email).toBe('staff@example.invalid');
    // Without the password again, the confirmed flag does nothing either.
    expect((await t.post(EDIT, noPassword, { token, headers: { [HEADERS.validFlag]: flag } })).body.code).toBe(CODE.passwordNeeded);
    const confirmed = await t.post(EDIT, body, { token, headers: { [HEADERS.validFlag]: flag } });
    expect(confirmed.body).toMatchObject({ code: 0, data: { email: 'zhang@example.invalid' } });
    // Another user's address, in any letter case, is refused before the password or a confirmation is asked.
    const taken = await t.post(EDIT, { ...body, email: 'ADMIN@example.invalid' }, { token, lang: 'en-US' });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ code: CODE.recordDuplicate });
    expect(taken.body.msg).toContain('ADMIN@example.invalid');
    expect((await t.post(EDIT, { ...noPassword, email: 'admin@example.invalid' }, { token, lang: 'zh-CN' })).body.code).toBe(CODE.recordDuplicate);
    expect((await t.get('/api/fsmc/auth/userinfo/my-profile', undefined, { token })).body.data.email).toBe('zhang@example.invalid');
    // The flag is used up: it cannot confirm a second change.
    const reused = await t.post(EDIT, { ...body, email: 'other@example.invalid' }, { token, headers: { [HEADERS.validFlag]: flag } });
    expect(reused.body.code).toBe(CODE.validFlagInvalid);
  });

  it('keeps sessions in the database: a second server process on the same database agrees who is logged in', async () => {
    const other = await buildApp({ db: t.db, config: t.config, compilers: sharedCompilers });
    orgCreateRoute(other);
    await other.ready();
    try {
      const info = (app: FastifyInstance, jwt: string) => app.inject({ method: 'GET', url: '/api/fsmc/session/share/query-session-info', headers: { JwtToken: jwt } });
      const session = await t.login(DEMO.admin);
      expect((await info(other, session)).json()).toMatchObject({ code: 0, data: { loginUserInfo: { userCode: 'admin' } } });
      // A login through the first process ends the session for the second one too (-997).
      await t.login(DEMO.admin);
      const res = await info(other, session);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(CODE.loginElsewhere);
      // A request token issued by one process is honoured once by the other.
      const requestToken = await t.requestToken(token);
      const key = await t.envelopeKey();
      expect(key.keyId).toBeTruthy();
      const sealed = await t.seal(ADD, { orgCode: 'OTHER', orgName: 'x' }, { token });
      const created = await other.inject({ method: 'POST', url: ADD, payload: sealed as unknown as object, headers: { JwtToken: token, [HEADERS.requestToken]: requestToken } });
      expect(created.json().code).toBe(0);
    } finally {
      await other.close();
    }
  });
});
