import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { ENVELOPE_MAX_SKEW_MS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { fromBase64, toBase64 } from '../../src/shared/envelope';
import { ok } from '../../server/http/answer';
import { CIPHER_PARAM } from '../../server/security/envelope-keys';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

/** A create route for the test: writes one organisation per accepted call. */
function orgCreateRoute(app: FastifyInstance) {
  app.post<{ Body: { orgCode: string; orgName: string } }>(
    '/api/fsmc/test/org/add',
    { schema: { body: { type: 'object', required: ['orgCode', 'orgName'], properties: { orgCode: { type: 'string' }, orgName: { type: 'string' } } } } },
    async (request) => {
      await app.db.insertInto('org').values(request.body).execute();
      return ok(request.body.orgCode);
    },
  );
}

describe.each(availableBackends())('payload envelope on %s', (backend) => {
  let t: TestApp;
  let token: string;
  const URL = '/api/fsmc/test/org/add';
  const orgs = async (orgCode: string) => (await t.db.selectFrom('org').select('id').where('orgCode', '=', orgCode).execute()).length;
  const send = (payload: unknown, lang = 'en-US') => t.post(URL, payload, { token, lang, raw: true });

  beforeAll(async () => {
    t = await startTestApp(backend, {}, orgCreateRoute);
    token = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('hands out an AES-256-GCM key without a session, and opens an envelope made with it', async () => {
    const key = await t.get('/api/fsmc/login/encrypt-key');
    expect(key.body).toMatchObject({ code: 0, data: { cipher: 'AES-GCM', version: '1.0' } });
    expect(fromBase64(key.body.data.encKey)).toHaveLength(32);
    expect(key.headers['cache-control']).toBe('no-store');
    const res = await t.post(URL, { orgCode: 'ENV-OK', orgName: 'sealed' }, { token });
    expect(res.body).toEqual({ code: 0, msg: 'success', data: 'ENV-OK' });
    expect(await orgs('ENV-OK')).toBe(1);
  });

  it('refuses a plain JSON body where the envelope is required, writing nothing', async () => {
    const res = await send({ orgCode: 'ENV-PLAIN', orgName: 'plain' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: CODE.envelopeInvalid, msg: 'The request envelope is malformed' });
    expect(await orgs('ENV-PLAIN')).toBe(0);
  });

  it('refuses a tampered envelope (ciphertext, timestamp or route changed) as a bad signature', async () => {
    const sealed = await t.seal(URL, { orgCode: 'ENV-TAMPER', orgName: 'x' });
    const bytes = fromBase64(sealed.data);
    bytes[0] = bytes[0]! ^ 1;
    for (const forged of [{ ...sealed, data: toBase64(bytes) }, { ...sealed, timestamp: sealed.timestamp + 1 }]) {
      const res = await send(forged);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: CODE.envelopeBadSignature, msg: 'The request signature does not verify' });
    }
    // Sealed for another route: the signature binds method and path.
    const elsewhere = await t.seal('/api/fsmc/common/query/dictionary', { orgCode: 'ENV-TAMPER', orgName: 'x' });
    expect((await send(elsewhere)).body.code).toBe(CODE.envelopeBadSignature);
    expect(await orgs('ENV-TAMPER')).toBe(0);
    // The untouched original still goes through: the refusals above claimed no nonce.
    expect((await send(sealed)).body.code).toBe(0);
  });

  it('refuses a replayed envelope: the second delivery writes nothing', async () => {
    const sealed = await t.seal(URL, { orgCode: 'ENV-REPLAY', orgName: 'once' });
    expect((await send(sealed)).body.code).toBe(0);
    const again = await send(sealed, 'zh-CN');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: CODE.envelopeReplay, msg: '请求已被处理过，不能重复提交' });
    expect(await orgs('ENV-REPLAY')).toBe(1);
  });

  it('refuses a timestamp more than 300 s off, either way, and accepts one just inside', async () => {
    for (const offset of [-(ENVELOPE_MAX_SKEW_MS + 5_000), ENVELOPE_MAX_SKEW_MS + 5_000]) {
      const res = await send(await t.seal(URL, { orgCode: 'ENV-STALE', orgName: 'late' }, { now: Date.now() + offset }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: CODE.envelopeStale, msg: "The request timestamp is too far off; check this computer's clock" });
    }
    expect(await orgs('ENV-STALE')).toBe(0);
    const inside = await send(await t.seal(URL, { orgCode: 'ENV-INSIDE', orgName: 'ok' }, { now: Date.now() - ENVELOPE_MAX_SKEW_MS + 10_000 }));
    expect(inside.body.code).toBe(0);
  });

  it('refuses an unknown key with 1106 so the browser fetches a fresh one, and a wrong version as malformed', async () => {
    const sealed = await t.seal(URL, { orgCode: 'ENV-KEY', orgName: 'x' });
    expect((await send({ ...sealed, keyId: 'retired0000000000000000' })).body.code).toBe(CODE.envelopeKeyUnknown);
    expect((await send({ ...sealed, version: '2.0' })).body.code).toBe(CODE.envelopeInvalid);
    expect(await orgs('ENV-KEY')).toBe(0);
  });

  it('still validates the opened body against the route schema, with a localised message', async () => {
    const res = await t.post(URL, { orgCode: 'ENV-SCHEMA' }, { token, lang: 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(CODE.validation);
    expect(res.body.msg).toMatch(/orgName/);
  });

  it('switches new keys to AES-ECB when the back-end is configured for it, and opens those too', async () => {
    await t.db.insertInto('sysParam').values({ paramKey: CIPHER_PARAM, paramValue: 'AES-ECB' }).execute();
    try {
      const key = await t.get('/api/fsmc/login/encrypt-key');
      expect(key.body.data.cipher).toBe('AES-ECB');
      const ecbKey = key.body.data;
      const { sealEnvelope } = await import('../../src/shared/envelope');
      const sealed = sealEnvelope({ orgCode: 'ENV-ECB', orgName: 'ecb' }, ecbKey, { method: 'POST', path: URL });
      expect(sealed.flag).toBe('AES-ECB');
      expect((await send(sealed)).body.code).toBe(0);
      expect(await orgs('ENV-ECB')).toBe(1);
    } finally {
      await t.db.deleteFrom('sysParam').where('paramKey', '=', CIPHER_PARAM).execute();
    }
  });

  it('leaves GET calls and body-less POSTs alone', async () => {
    expect((await t.get('/api/fsmc/common/token/getToken', undefined, { token })).body.code).toBe(0);
    const res = await t.app.inject({ method: 'POST', url: '/api/fsmc/session/share/query-session-info', headers: { JwtToken: token } });
    expect(res.json().code).toBe(0);
  });
});
