import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { HEADERS, IDENTIFY_CODE_LENGTH, LOGIN_THROTTLE } from '../../src/shared/constants';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../server/http/answer';
import { openDatabase } from '../../server/db/database';
import { setPassword } from '../../server/services/passwords';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, startTestAppOn, type TestApp } from './support/test-server';

/**
 * Several processes on one PostgreSQL (docs/deploy.md): whatever one process learns, the
 * others know, because it lives in the database. Two app instances, each with its own pool,
 * play two processes behind a load balancer that sends a user's calls to either.
 */
const ADD = '/api/fsmc/test/org/add';
/** A create route guarded by request tokens, on both instances. */
function orgCreateRoute(app: FastifyInstance) {
  app.post<{ Body: { orgCode: string; orgName: string } }>(ADD, { config: { requestToken: true } }, async (request) => {
    await app.db.insertInto('org').values({ orgCode: request.body.orgCode, orgName: request.body.orgName, orgType: 'SUB' }).execute();
    return ok(request.body.orgCode);
  });
}

const onPostgres = availableBackends().includes('postgres') ? describe : describe.skip;

onPostgres('two instances on one PostgreSQL share every piece of state', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp('postgres', { trustProxy: ['127.0.0.1'] }, orgCreateRoute);
    const db = await openDatabase({ databaseUrl: a.location });
    b = await startTestAppOn({ db, backend: 'postgres', location: a.location, dispose: () => db.destroy() }, { trustProxy: ['127.0.0.1'] }, orgCreateRoute);
  });
  afterAll(async () => {
    await b?.dispose();
    await a?.dispose();
  });

  it('a session made on one is honoured on the other, and a logout on the other ends it', async () => {
    const token = await a.login(DEMO.staff);
    expect((await b.get('/api/fsmc/auth/userinfo/my-profile', undefined, { token })).body).toMatchObject({ code: 0, data: { userCode: 'staff' } });
    expect((await b.post('/api/fsmc/login/login-out', {}, { token })).body.code).toBe(0);
    expect((await a.get('/api/fsmc/auth/userinfo/my-profile', undefined, { token })).body.code).toBe(CODE.loginExpired);
  });

  it('a newer login on one displaces the session used on the other (-997)', async () => {
    const first = await a.login(DEMO.staff);
    await b.login(DEMO.staff);
    expect((await a.get('/api/fsmc/auth/userinfo/my-profile', undefined, { token: first })).body.code).toBe(CODE.loginElsewhere);
  });

  it('an envelope accepted by one is refused as a replay by the other', async () => {
    const token = await a.login(DEMO.admin);
    const url = '/api/fsmc/login/lang-setting';
    const sealed = await a.seal(url, { lang: 'en-US' });
    expect((await a.post(url, sealed, { token, raw: true })).body.code).toBe(0);
    expect((await b.post(url, sealed, { token, raw: true })).body.code).toBe(CODE.envelopeReplay);
  });

  it('a request token spent on one cannot be spent again on the other', async () => {
    const token = await a.login(DEMO.admin);
    const once = { token, headers: { [HEADERS.requestToken]: await b.requestToken(token) } };
    expect((await a.post(ADD, { orgCode: 'SHARED-1', orgName: 'first' }, once)).body.code).toBe(0);
    expect((await b.post(ADD, { orgCode: 'SHARED-2', orgName: 'double click' }, once)).body.code).toBe(CODE.duplicateSubmit);
    expect(await a.db.selectFrom('org').select('orgCode').where('orgCode', 'like', 'SHARED-%').execute()).toEqual([{ orgCode: 'SHARED-1' }]);
  });

  it('login failures count across both, whichever one the balancer picked', async () => {
    const from = { headers: { 'x-forwarded-for': '10.77.0.1' } };
    const wrong = { userCode: 'staff', password: 'wrong-password-1' };
    for (let i = 0; i < LOGIN_THROTTLE.userFailures; i++) {
      const res = await (i % 2 ? b : a).post('/api/fsmc/login/login', wrong, from);
      expect(res.body.code).toBe(CODE.badCredentials);
    }
    expect((await a.post('/api/fsmc/login/login', DEMO.staff, from)).body.code).toBe(CODE.throttled);
    expect((await b.post('/api/fsmc/login/login', DEMO.staff, from)).body.code).toBe(CODE.throttled);
    await a.db.deleteFrom('throttleEvent').execute();
  });

  it('a reset code sent by one is read, validated and spent across both', async () => {
    const FP = '/api/fsmc/common/forget-password';
    const from = { headers: { 'x-forwarded-for': '10.77.0.2' } };
    expect((await a.post(`${FP}/send-identify-code`, { userCode: 'staff' }, from)).body.code).toBe(0);
    const admin = await b.login(DEMO.admin);
    const outbox = await b.post('/api/fsmc/system/outbox/query', { start: 1, limit: 10 }, { token: admin });
    const mail = outbox.body.data.rows.find((m: { recipient: string }) => m.recipient === 'staff@example.invalid');
    const code = (mail.body as string).match(new RegExp(`\\b\\d{${IDENTIFY_CODE_LENGTH}}\\b`))![0];
    const validated = await b.post(`${FP}/validate-code`, { userCode: 'staff', code }, from);
    expect(validated.body.code).toBe(0);
    const { resetTicket } = validated.body.data;
    expect((await a.post(`${FP}/modify-password`, { userCode: 'staff', resetTicket, newPassword: 'Across#Both42' }, from)).body.code).toBe(0);
    expect((await b.post(`${FP}/modify-password`, { userCode: 'staff', resetTicket, newPassword: 'Again#Both42' }, from)).body.code).toBe(CODE.resetTicketInvalid);
    expect(await b.login({ userCode: 'staff', password: 'Across#Both42' })).toEqual(expect.any(String));
    const { id } = await a.db.selectFrom('appUser').select('id').where('userCode', '=', 'staff').executeTakeFirstOrThrow();
    await setPassword(a.db, id, DEMO.staff.password);
  });

  it('a QR code made on one is confirmed on the other and logs in on the first', async () => {
    const generated = await a.post('/api/fsmc/login/qrcode/in/generate', {});
    const qrId = generated.body.data.qrId as string;
    const staff = await b.login(DEMO.staff);
    expect((await b.post('/api/fsmc/login/qrcode/in/confirm', { qrId }, { token: staff })).body.code).toBe(0);
    const status = await a.post('/api/fsmc/login/qrcode/in/status', { qrId });
    expect(status.body).toMatchObject({ code: 0, data: { status: 'confirmed', JwtToken: expect.any(String) } });
  });
});
