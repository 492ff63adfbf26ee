import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ENVELOPE_MAX_SKEW_MS, HEADERS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { ctr, gcm } from '@noble/ciphers/aes.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { associatedText, envelopeKeyPair, fromBase64, openEnvelope, sealEnvelope, toBase64, verifyEnvelope, type Envelope, type EnvelopeKey, type EnvelopeTarget } from '../../src/shared/envelope';
import { ok } from '../../server/http/answer';
import { CIPHER_PARAM, claimNonce, sweepNonces } from '../../server/security/envelope-keys';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

/** A create route for the test: writes one organisation per accepted call. */
function orgCreateRoute(app: FastifyInstance) {
  app.post<{ Body: { orgCode: string; orgName: string } }>(
    '/api/fsmc/test/org/add',
    { schema: { body: { type: 'object', required: ['orgCode', 'orgName'], properties: { orgCode: { type: 'string' }, orgName: { type: 'string' } } } } },
    async (request) => {
      await app.db.insertInto('org').values({ ...request.body, orgType: 'SUB' }).execute();
      return ok(request.body.orgCode);
    },
  );
}

/**
 * What whoever holds an AES-GCM key can do with any ciphertext: sign it anew under that key
 * (GCM's tag is computable with the key). The ciphertext stays as captured; under the wrong key
 * it decrypts to noise. GCM's keystream for a 12-byte IV starts at counter block IV ‖ 2.
 */
function retagged(e: Envelope, key: EnvelopeKey, target: EnvelopeTarget): Envelope {
  const aes = fromBase64(key.encKey);
  const nonce = fromBase64(e.nonce);
  const counter = new Uint8Array(16);
  counter.set(nonce);
  counter[15] = 2;
  const noise = ctr(aes, counter).decrypt(fromBase64(e.data));
  const sealed = gcm(aes, nonce, new TextEncoder().encode(associatedText(e, target))).encrypt(noise);
  return { ...e, data: toBase64(sealed.subarray(0, sealed.length - 16)), signature: bytesToHex(sealed.subarray(sealed.length - 16)) };
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

  it('agrees an AES-256-GCM key per client without a session: the answer carries only the server public key', async () => {
    const none = await t.get('/api/fsmc/login/encrypt-key', undefined, { lang: 'en-US' });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe(CODE.envelopeInvalid);
    const { publicKey } = envelopeKeyPair();
    const offer = await t.get('/api/fsmc/login/encrypt-key', undefined, { headers: { [HEADERS.envelopeClientKey]: publicKey } });
    expect(offer.body).toMatchObject({ code: 0, data: { cipher: 'AES-GCM', version: '1.0' } });
    expect(Object.keys(offer.body.data).sort()).toEqual(['cipher', 'keyId', 'serverPublicKey', 'version']);
    expect(fromBase64(offer.body.data.serverPublicKey)).toHaveLength(32);
    expect(offer.headers['cache-control']).toBe('no-store');
    const res = await t.post(URL, { orgCode: 'ENV-OK', orgName: 'sealed' }, { token });
    expect(res.body).toEqual({ code: 0, msg: 'success', data: 'ENV-OK' });
    expect(await orgs('ENV-OK')).toBe(1);
  });

  it('keeps a body captured from one client unreadable and unusable with another client\'s key', async () => {
    const [victim, attacker] = [await t.agreeKey(), await t.agreeKey()];
    expect(attacker.encKey).not.toBe(victim.encKey);
    expect(attacker.macKey).not.toBe(victim.macKey);
    const LOGIN = '/api/fsmc/login/login';
    const target = { method: 'POST', path: LOGIN };
    const captured = sealEnvelope(DEMO.admin, victim, target);
    // The attacker's own key opens nothing of the victim's, nor verifies its signature.
    expect(() => openEnvelope(captured, target, attacker)).toThrow();
    expect(verifyEnvelope(captured, target, attacker)).toBe(false);
    // Sent again under the attacker's key id, re-signed or not, it is refused and logs no one in.
    const relabelled = { ...captured, keyId: attacker.keyId };
    const resigned = retagged(relabelled, attacker, target);
    expect(resigned.data).toBe(captured.data);
    const asSent = async (body: object) => (await t.app.inject({ method: 'POST', url: LOGIN, payload: body })).json();
    expect((await asSent(relabelled)).code).toBe(CODE.envelopeBadSignature);
    expect((await asSent(resigned)).code).toBe(CODE.envelopeInvalid);
    // The victim's own delivery goes through once.
    expect((await asSent(captured)).code).toBe(0);
    expect((await asSent(captured)).code).toBe(CODE.envelopeReplay);
  });

  it('binds a key to the session of its login, or of its first authenticated use: another session is refused with 1106', async () => {
    const page = await t.agreeKey();
    const LOGIN = '/api/fsmc/login/login';
    const login = await t.app.inject({ method: 'POST', url: LOGIN, payload: sealEnvelope(DEMO.admin, page, { method: 'POST', path: LOGIN }) });
    const admin = login.json().data.JwtToken as string;
    const as = (jwt: string, key: typeof page, orgCode: string) =>
      t.app.inject({ method: 'POST', url: URL, headers: { JwtToken: jwt, lang: 'en-US' }, payload: sealEnvelope({ orgCode, orgName: 'x' }, key, { method: 'POST', path: URL }) }).then((r) => r.json());
    expect((await as(admin, page, 'BIND-1')).code).toBe(0);
    const stolen = await as(token, page, 'BIND-2');
    expect(stolen).toMatchObject({ code: CODE.envelopeKeyUnknown, msg: 'The request key has changed; please try again' });
    // A key agreed after login is claimed by the first session that uses it.
    const later = await t.agreeKey();
    expect((await as(token, later, 'BIND-3')).code).toBe(0);
    expect((await as(admin, later, 'BIND-4')).code).toBe(CODE.envelopeKeyUnknown);
    expect([await orgs('BIND-1'), await orgs('BIND-2'), await orgs('BIND-3'), await orgs('BIND-4')]).toEqual([1, 0, 1, 0]);
  });

  it('sweeps old nonces off the request path: a request leaves them, the timer sweep removes them', async () => {
    await t.db.insertInto('envelopeNonce').values({ nonce: 'old:nonce', seenAt: new Date(Date.now() - 3 * ENVELOPE_MAX_SKEW_MS) }).execute();
    expect((await t.post(URL, { orgCode: 'ENV-SWEEP', orgName: 'x' }, { token })).body.code).toBe(0);
    const left = await t.db.selectFrom('envelopeNonce').select('nonce').where('nonce', '=', 'old:nonce').execute();
    expect(left).toHaveLength(1);
    await sweepNonces(t.db);
    expect(await t.db.selectFrom('envelopeNonce').select('nonce').where('nonce', '=', 'old:nonce').execute()).toHaveLength(0);
  });

  it('refuses a plain JSON body where the envelope is required, writing nothing', async () => {
    const res = await send({ orgCode: 'ENV-PLAIN', orgName: 'plain' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: CODE.envelopeInvalid, msg: 'The request envelope is malformed' });
    expect(await orgs('ENV-PLAIN')).toBe(0);
  });

  it('refuses a tampered envelope (ciphertext, timestamp or route changed) as a bad signature', async () => {
    const sealed = await t.seal(URL, { orgCode: 'ENV-TAMPER', orgName: 'x' }, { token });
    const bytes = fromBase64(sealed.data);
    bytes[0] = bytes[0]! ^ 1;
    for (const forged of [{ ...sealed, data: toBase64(bytes) }, { ...sealed, timestamp: sealed.timestamp + 1 }]) {
      const res = await send(forged);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: CODE.envelopeBadSignature, msg: 'The request signature does not verify' });
    }
    // Sealed for another route: the signature binds method and path.
    const elsewhere = await t.seal('/api/fsmc/common/query/dictionary', { orgCode: 'ENV-TAMPER', orgName: 'x' }, { token });
    expect((await send(elsewhere)).body.code).toBe(CODE.envelopeBadSignature);
    expect(await orgs('ENV-TAMPER')).toBe(0);
    // The untouched original still goes through: the refusals above claimed no nonce.
    expect((await send(sealed)).body.code).toBe(0);
  });

  it('refuses a replayed envelope: the second delivery writes nothing', async () => {
    const sealed = await t.seal(URL, { orgCode: 'ENV-REPLAY', orgName: 'once' }, { token });
    expect((await send(sealed)).body.code).toBe(0);
    const again = await send(sealed, 'zh-CN');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: CODE.envelopeReplay, msg: '请求已被处理过，不能重复提交' });
    expect(await orgs('ENV-REPLAY')).toBe(1);
  });

  it('accepts an envelope delivered many times at once exactly once, beside fresh ones in the same batch of claims', async () => {
    const sealed = await t.seal(URL, { orgCode: 'ENV-RACE', orgName: 'once' }, { token });
    const fresh = await Promise.all([1, 2, 3].map((i) => t.seal(URL, { orgCode: `ENV-RACE-${i}`, orgName: 'fresh' }, { token })));
    const answers = await Promise.all([...Array.from({ length: 6 }, () => send(sealed)), ...fresh.map((f) => send(f))]);
    const codes = answers.map((a) => a.body.code);
    expect(codes.slice(0, 6).filter((c) => c === 0)).toHaveLength(1);
    expect(codes.slice(0, 6).filter((c) => c === CODE.envelopeReplay)).toHaveLength(5);
    expect(codes.slice(6)).toEqual([0, 0, 0]);
    expect([await orgs('ENV-RACE'), await orgs('ENV-RACE-1'), await orgs('ENV-RACE-2'), await orgs('ENV-RACE-3')]).toEqual([1, 1, 1, 1]);
  });

  it('claims a nonce without leaving its connection committing asynchronously for the writes after it', async () => {
    await t.db.connection().execute(async (connection) => {
      expect(await claimNonce(connection, 'local', 'aa'.repeat(12))).toBe(true);
      expect(await claimNonce(connection, 'local', 'aa'.repeat(12))).toBe(false);
      const { rows } = await sql<{ synchronousCommit: string }>`show synchronous_commit`.execute(connection);
      expect(rows[0]?.synchronousCommit).toBe('on');
    });
  });

  it('refuses a timestamp more than 300 s off, either way, and accepts one just inside', async () => {
    for (const offset of [-(ENVELOPE_MAX_SKEW_MS + 5_000), ENVELOPE_MAX_SKEW_MS + 5_000]) {
      const res = await send(await t.seal(URL, { orgCode: 'ENV-STALE', orgName: 'late' }, { token, now: Date.now() + offset }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: CODE.envelopeStale, msg: "The request timestamp is too far off; check this computer's clock" });
    }
    expect(await orgs('ENV-STALE')).toBe(0);
    const inside = await send(await t.seal(URL, { orgCode: 'ENV-INSIDE', orgName: 'ok' }, { token, now: Date.now() - ENVELOPE_MAX_SKEW_MS + 10_000 }));
    expect(inside.body.code).toBe(0);
  });

  it('refuses an unknown key with 1106 so the browser fetches a fresh one, and a wrong version as malformed', async () => {
    const sealed = await t.seal(URL, { orgCode: 'ENV-KEY', orgName: 'x' }, { token });
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

  it('refuses a __proto__ or constructor.prototype key inside the envelope as Fastify refuses it in a plain body', async () => {
    const poisoned = [
      '{"orgCode":"ENV-PROTO","orgName":"x","__proto__":{"isAdmin":true}}',
      '{"orgCode":"ENV-PROTO","orgName":"x","constructor":{"prototype":{"isAdmin":true}}}',
    ];
    for (const text of poisoned) {
      // JSON.parse keeps "__proto__" as an own key, so the sealed text carries it as sent.
      const sealed = await t.seal(URL, JSON.parse(text), { token });
      const res = await send(sealed, 'zh-CN');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: CODE.envelopeInvalid, msg: '请求报文格式不正确' });
    }
    expect(await orgs('ENV-PROTO')).toBe(0);
    // A plain body on a route that takes one is refused the same way, by Fastify's own parser.
    const plain = await t.app.inject({ method: 'POST', url: '/api/fsmc/themes/query', headers: { JwtToken: token, 'content-type': 'application/json' }, payload: poisoned[0] });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe(CODE.malformedJson);
  });

  it('switches new keys to AES-ECB when the back-end is configured for it, and opens those too', async () => {
    await t.db.insertInto('sysParam').values({ paramKey: CIPHER_PARAM, paramValue: 'AES-ECB' }).execute();
    try {
      const ecbKey = await t.agreeKey();
      expect(ecbKey.cipher).toBe('AES-ECB');
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
    const res = await t.app.inject({ method: 'POST', url: '/api/fsmc/themes/query', headers: { JwtToken: token } });
    expect(res.json().code).toBe(0);
  });
});
