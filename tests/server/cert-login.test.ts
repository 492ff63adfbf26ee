import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { CERT_CHALLENGE_BYTES, CERT_CHALLENGE_SECONDS, CERT_FACTORY_PARAM, CERT_FLAG_SECONDS, CERT_TEST_LICENCE, HEADERS } from '../../src/shared/constants';
import { contract } from '../../src/shared/contract';
import type { AuthInfo } from '../../src/shared/contract/cert';
import { loadOrGeneratePki, TEST_ISSUER_PATTERN, type EndEntityName, type TestPki } from '../../agent/pki/generate';
import { signDetached } from '../../agent/pki/cms';
import type { HashName } from '../../server/services/cert/oids';
import { readConfig } from '../../server/config';
import { certTrustOf } from '../../server/plugins/cert-trust';
import { verifyDetachedSignature } from '../../server/services/cert/verify';
import { availableBackends, TMP } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

const { factoryAndLicense, authInfo, authLogin, validateCert } = contract.cert;
/** One PKI for the file (generating takes about a second), trusted by the app through CERT_PKI_DIR. */
const PKI_DIR = path.join(TMP, `cert-login-pki-${process.pid}`);
let pki: TestPki;
beforeAll(() => {
  pki = loadOrGeneratePki(PKI_DIR, { force: true });
});

/**
 * Issue 14 point 5 on the server (docs/certificates.md): challenges, certificate login,
 * validateCert's flag and the cert-set guard, over the test PKI's signatures.
 */
describe.each(availableBackends())('certificate login on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { certPkiDir: PKI_DIR });
    admin = await t.login(DEMO.admin);
    staff = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  // Each case starts with no throttle counts: refusals count as failed logins of the user and address.
  beforeEach(async () => {
    await t.db.deleteFrom('throttleEvent').execute();
  });

  const bind = (userCode: string, name: EndEntityName | null) =>
    t.db.updateTable('appUser').set({ certSerial: name ? pki.endEntities[name].serialHex.toLowerCase() : null }).where('userCode', '=', userCode).execute();
  const challenge = async () => {
    const res = await t.get<AuthInfo>(authInfo.path);
    expect(res.body.code).toBe(0);
    return res.body.data.challenge;
  };
  const sign = (name: EndEntityName, data: string, hash: HashName = pki.endEntities[name].key.kind === 'sm2' ? 'sm3' : 'sha256') =>
    signDetached({ data, certificatePem: pki.endEntities[name].certificatePem, key: pki.endEntities[name].key, hash });
  // A login ends the user's other sessions: certificate logins are the checker's, admin's session stays for validateCert and the guard.
  const login = (body: { userCode: string; signedData: string; serialNumber: string; challenge: string }) => t.post(authLogin.path, body, { raw: true, lang: 'en-US' });
  const loginAs = async (userCode: string, name: EndEntityName, hash?: HashName) => {
    const c = await challenge();
    return login({ userCode, signedData: sign(name, c, hash), serialNumber: pki.endEntities[name].serialHex, challenge: c });
  };

  it('answers the vendor, its licence, issuer pattern and toolkit version; the sys-param cert.factory overrides the vendor', async () => {
    const res = await t.post(factoryAndLicense.path, {}, { raw: true });
    expect(res.body).toMatchObject({ code: 0, data: { factory: 'tianwei', license: CERT_TEST_LICENCE, issuerPattern: TEST_ISSUER_PATTERN, minToolkitVersion: '1.0.0' } });
    const any = t.db as any;
    await any.insertInto('sysParamSetting').values({ paramCode: CERT_FACTORY_PARAM, paramName: 'factory', paramValue: 'cfca', enabled: false }).execute();
    expect((await t.post(factoryAndLicense.path, { userName: 'admin' }, { raw: true })).body.data.factory).toBe('tianwei');
    await any.updateTable('sysParamSetting').set({ enabled: true }).where('paramCode', '=', CERT_FACTORY_PARAM).execute();
    expect((await t.post(factoryAndLicense.path, {}, { raw: true })).body.data.factory).toBe('cfca');
    expect((await t.get<AuthInfo>(authInfo.path)).body.data.factory).toBe('cfca');
    await any.deleteFrom('sysParamSetting').where('paramCode', '=', CERT_FACTORY_PARAM).execute();
  });

  it('issues unique challenges of at least 128 random bits, stored only as their hash', async () => {
    const before = t.clock.now();
    const res = await t.get<AuthInfo>(authInfo.path);
    expect(res.body.data.expiresAt).toBeGreaterThanOrEqual(before + CERT_CHALLENGE_SECONDS * 1000);
    const a = res.body.data.challenge;
    expect(Buffer.from(a, 'base64url').length).toBe(CERT_CHALLENGE_BYTES);
    expect(CERT_CHALLENGE_BYTES * 8).toBeGreaterThanOrEqual(128);
    expect(await challenge()).not.toBe(a);
    const stored = await t.db.selectFrom('certChallenge').select('challengeHash').execute();
    expect(stored.some((r) => r.challengeHash === a)).toBe(false);
  });

  it.each([
    ['rsa2048', 'sha1'],
    ['rsa2048', 'sha256'],
    ['sm2', 'sm3'],
  ] as const)('logs in with %s over %s: the session works', async (name, hash) => {
    await bind('checker', name);
    const res = await loginAs('checker', name, hash);
    expect(res.body).toMatchObject({ code: 0, data: { JwtToken: expect.any(String), loginUserInfo: expect.anything() } });
    const info = await t.get(contract.login.sessionInfo.path, undefined, { token: res.body.data.JwtToken });
    expect(info.body.code).toBe(0);
  });

  it('refuses a replayed challenge, even after a first attempt that failed', async () => {
    await bind('checker', 'rsa2048');
    const c = await challenge();
    const body = { userCode: 'checker', signedData: sign('rsa2048', c), serialNumber: pki.endEntities.rsa2048.serialHex, challenge: c };
    expect((await login({ ...body, serialNumber: 'abcdef' })).body.code).toBe(CODE.certSerialMismatch);
    expect((await login(body)).body.code).toBe(CODE.certChallengeUsed);
    expect((await login({ ...body, challenge: 'A'.repeat(43) })).body.code).toBe(CODE.certChallengeUnknown);
  });

  it('refuses an expired challenge', async () => {
    await bind('checker', 'rsa2048');
    const c = await challenge();
    t.clock.advance((CERT_CHALLENGE_SECONDS + 1) * 1000);
    const res = await login({ userCode: 'checker', signedData: sign('rsa2048', c), serialNumber: pki.endEntities.rsa2048.serialHex, challenge: c });
    expect(res.body.code).toBe(CODE.certChallengeExpired);
    expect(res.body.msg).toMatch(/expired/);
  });

  it('refuses a tampered signature (2905)', async () => {
    await bind('checker', 'rsa2048');
    const c = await challenge();
    const der = Buffer.from(sign('rsa2048', c), 'base64');
    der[der.length - 5]! ^= 0x01;
    const res = await login({ userCode: 'checker', signedData: der.toString('base64'), serialNumber: pki.endEntities.rsa2048.serialHex, challenge: c });
    expect(res.body.code).toBe(CODE.certSignatureInvalid);
  });

  it.each([
    ['rsaExpired', CODE.certExpired],
    ['rsaRevoked', CODE.certRevoked],
    ['sm2Revoked', CODE.certRevoked],
    ['rsaOtherIssuer', CODE.certIssuerNotLicensed],
    ['rsaRogue', CODE.certUntrusted],
    ['rsaEncryptOnly', CODE.certKeyUsage],
  ] as const)('refuses %s with its code', async (name, code) => {
    await bind('checker', name);
    expect((await loginAs('checker', name)).body.code).toBe(code);
  });

  it('refuses a certificate not bound to the user, an unknown user alike, and a serial that is not the signer’s', async () => {
    await bind('checker', 'rsa1024');
    expect((await loginAs('checker', 'rsa2048')).body.code).toBe(CODE.certNotBound);
    expect((await loginAs('nobody', 'rsa2048')).body.code).toBe(CODE.certNotBound);
    await bind('checker', null);
    expect((await loginAs('checker', 'rsa2048')).body.code).toBe(CODE.certNotBound);
    await bind('checker', 'rsa2048');
    const c = await challenge();
    const res = await login({ userCode: 'checker', signedData: sign('rsa2048', c), serialNumber: pki.endEntities.rsa1024.serialHex, challenge: c });
    expect(res.body.code).toBe(CODE.certSerialMismatch);
  });

  it('throttles refused certificate logins like password logins', async () => {
    await bind('checker', 'rsa1024');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await loginAs('checker', 'rsa2048')).body.code);
    expect(codes.slice(0, 5).every((c) => c === CODE.certNotBound)).toBe(true);
    expect(codes[5]).toBe(CODE.throttled);
  });

  const confirm = async (token: string, funcCode: string, name: EndEntityName = 'rsa2048') => {
    const c = await challenge();
    return t.post<string>(validateCert.path, { signedData: sign(name, c), challenge: c, funcCode }, { raw: true, token, lang: 'en-US' });
  };

  it('validateCert needs a session and the caller’s own bound certificate, and answers a flag', async () => {
    await bind('admin', 'rsa2048');
    const c = await challenge();
    const anonymous = await t.post(validateCert.path, { signedData: sign('rsa2048', c), challenge: c, funcCode: '/currency' }, { raw: true });
    expect(anonymous.status).toBe(401);
    expect((await confirm(admin, '/currency', 'rsa1024')).body.code).toBe(CODE.certNotBound);
    const other = await challenge();
    const asOther = await t.post(validateCert.path, { signedData: sign('rsa2048', other), challenge: other, funcCode: '/currency', userName: 'checker' }, { raw: true, token: admin });
    expect(asOther.body.code).toBe(CODE.certNotBound);
    const res = await confirm(admin, '/currency');
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  describe('the cert-set guard', () => {
    const addCurrency = async (code: string, flag?: string, token = admin) =>
      t.post('/api/fsmc/currency/add', { currencyCode: code, currencyName: `证书${code}`, decimals: 2 }, { token, lang: 'en-US', headers: { ...(flag ? { [HEADERS.validFlag]: flag } : {}) } });
    const any = () => t.db as any;

    beforeAll(async () => {
      await bind('admin', 'rsa2048');
      await any().insertInto('certSet').values([
        { setCode: 'CUR', setName: 'currencies', setType: 'func', target: '/currency' },
        { setCode: 'SYS', setName: 'system settings', setType: 'module', target: '7' },
        // Not in force: a draft and a disabled setting cover nothing.
        { setCode: 'BANK', setName: 'banks', setType: 'func', target: '/bank', recordState: 'draft' },
        { setCode: 'CTRY', setName: 'countries', setType: 'func', target: '/country', enabled: false },
      ]).execute();
    });

    it('answers 412 with certRequired for a covered write; reads pass', async () => {
      const res = await addCurrency('QCA');
      expect(res.status).toBe(412);
      expect(res.body).toMatchObject({ code: CODE.certRequired, data: { certRequired: true, funcCode: '/currency', message: expect.stringContaining('Currencies') } });
      expect(res.headers[HEADERS.confirmUrl]).toBe('/api/fsmc/currency/add');
      expect(res.headers[HEADERS.confirmMethod]).toBe('POST');
      expect((await t.post('/api/fsmc/currency/query', { start: 1, limit: 5 }, { token: admin })).body.code).toBe(0);
      // The form's own questions before a save are reads too: a signature is asked for the save alone.
      const repeat = await t.post<{ repeat: boolean }>('/api/fsmc/currency/check-repeat', { field: 'currencyCode', value: 'QCA' }, { token: admin });
      expect([repeat.status, repeat.body.code, repeat.body.data]).toEqual([200, 0, { repeat: false }]);
      const duties = await t.post('/api/fsmc/user-info/query-duty-station', { id: 1 }, { token: admin });
      expect([duties.status, duties.body.code]).toEqual([200, 0]);
    });

    it('lets the write through once with the flag; the same flag again, another function’s and an expired one are refused', async () => {
      const flag = (await confirm(admin, '/currency')).body.data;
      expect((await addCurrency('QCB', flag)).body.code).toBe(0);
      const again = await addCurrency('QCC', flag);
      expect([again.status, again.body.code]).toEqual([200, CODE.certFlagInvalid]);
      const bankFlag = (await confirm(admin, '/bank')).body.data;
      expect((await addCurrency('QCC', bankFlag)).body.code).toBe(CODE.certFlagInvalid);
      const stale = (await confirm(admin, '/currency')).body.data;
      // The flag is dated by the server's clock; aged in place, since a clock moved on would make the sealed body itself stale.
      await (t.db as any).updateTable('requestToken').set({ createdAt: new Date(t.clock.now() - (CERT_FLAG_SECONDS + 1) * 1000) }).where('purpose', '=', 'cert').where('usedAt', 'is', null).execute();
      expect((await addCurrency('QCC', stale)).body.code).toBe(CODE.certFlagExpired);
      // Another session's flag is not this one's.
      await bind('checker', null);
      await bind('staff', 'rsa1024');
      const staffFlag = (await confirm(staff, '/currency', 'rsa1024')).body.data;
      expect((await addCurrency('QCC', staffFlag)).body.code).toBe(CODE.certFlagInvalid);
    });

    it('covers every function of a module setting; settings not in force cover nothing', async () => {
      const res = await t.post('/api/fsmc/sys-param-setting/add', { paramCode: 'cert.test', paramName: 'x', paramValue: '1' }, { token: admin });
      expect([res.status, res.body.data?.funcCode]).toEqual([412, '/sys-param-setting']);
      const bank = await t.post('/api/fsmc/bank/query', { start: 1, limit: 1 }, { token: admin });
      expect(bank.body.code).toBe(0);
    });

    it('answers 403, not 412, to a user without the function', async () => {
      const res = await t.post('/api/fsmc/sys-param-setting/add', { paramCode: 'cert.test2', paramName: 'x', paramValue: '1' }, { token: staff });
      expect(res.status).toBe(403);
    });

    it('shows the bound certificate as user-info certSerial', async () => {
      const res = await t.post<{ rows: Array<{ userCode: string; certSerial: string | null }> }>('/api/fsmc/user-info/query', { start: 1, limit: 20 }, { token: admin });
      expect(res.body.data.rows.find((r) => r.userCode === 'admin')?.certSerial).toBe(pki.endEntities.rsa2048.serialHex.toLowerCase());
    });

    it('keeps cert-set records through the registry (add a draft, list it)', async () => {
      const body = { setCode: 'PAY', setName: 'payments', setType: 'module', target: '3', remark: 'all counterparties' };
      const flag = (await confirm(admin, '/cert-set')).body.data;
      const add = await t.post('/api/fsmc/cert-set/add', body, { token: admin, headers: { [HEADERS.validFlag]: flag } });
      expect(add.body).toMatchObject({ code: 0, data: { ...body, recordState: 'draft' } });
      const list = await t.post<{ rows: Array<{ setCode: string }> }>('/api/fsmc/cert-set/query', { start: 1, limit: 20 }, { token: admin });
      expect(list.body.data.rows.map((r) => r.setCode)).toEqual(expect.arrayContaining(['CUR', 'PAY', 'SYS']));
      const bad = await t.post('/api/fsmc/cert-set/add', { ...body, setCode: 'BAD', target: 'x y' }, { token: admin });
      expect(bad.status).toBe(400);
    });
  });
});

/** The trust comes from the configuration, read once: configured CA files, the test PKI, or nothing in production. */
describe('certificate trust configuration', () => {
  it('reads configured CA and CRL files (several PEM blocks to a file) and requires an issuer pattern with them', () => {
    const dir = path.join(TMP, `cert-login-config-${process.pid}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'cas.pem'), pki.trust.caCertificatesPem.join('\n'));
    fs.writeFileSync(path.join(dir, 'crls.pem'), pki.trust.crlsPem.join('\n'));
    const env = { NODE_ENV: 'production', CERT_CA_FILES: 'cas.pem', CERT_CRL_FILES: 'crls.pem', CERT_ISSUER_PATTERN: TEST_ISSUER_PATTERN, CERT_LICENCE: 'L-1', CERT_FACTORY: 'xinan' };
    const config = readConfig(env, dir);
    expect(config).toMatchObject({ certLicence: 'L-1', certFactory: 'xinan', certRequireCrl: true, certMinToolkitVersion: '1.0.0' });
    const store = certTrustOf(config).get()!;
    expect(store.cas).toHaveLength(3);
    expect(store.issuerPatternText).toBe(TEST_ISSUER_PATTERN);
    const e = pki.endEntities.rsaRevoked;
    expect(verifyDetachedSignature({ signedData: signDetached({ data: 'x', certificatePem: e.certificatePem, key: e.key, hash: 'sha256' }), expected: 'x', now: new Date() }, store)).toMatchObject({ ok: false, reason: 'revoked' });
    expect(() => certTrustOf(readConfig({ ...env, CERT_ISSUER_PATTERN: '' }, dir))).toThrow(/CERT_ISSUER_PATTERN/);
    expect(() => readConfig({ CERT_FACTORY: 'acme' }, dir)).toThrow(/CERT_FACTORY/);
  });

  it('trusts nothing in production without CA files (the calls answer 2919), the test PKI elsewhere', () => {
    expect(certTrustOf(readConfig({ NODE_ENV: 'production' })).get()).toBeNull();
    expect(readConfig({ NODE_ENV: 'production' }).certLicence).toBe('');
    expect(certTrustOf({ ...readConfig({}), certPkiDir: PKI_DIR }).get()?.cas).toHaveLength(3);
  });

  it('answers 2919 to every certificate call of a production server without CAs', async () => {
    const t = await startTestApp(availableBackends()[0]!, { production: true, certCaFiles: [], certLicence: '' });
    try {
      const admin = await t.login(DEMO.admin);
      const calls = [
        await t.post(factoryAndLicense.path, {}, { raw: true, lang: 'en-US' }),
        await t.get(authInfo.path, undefined, { lang: 'en-US' }),
        await t.post(authLogin.path, { userCode: 'admin', signedData: 'A'.repeat(16), serialNumber: '01', challenge: 'A'.repeat(43) }, { raw: true }),
        await t.post(validateCert.path, { signedData: 'A'.repeat(16), challenge: 'A'.repeat(43), funcCode: '/currency' }, { raw: true, token: admin }),
      ];
      expect(calls.map((c) => c.body.code)).toEqual([CODE.certNotConfigured, CODE.certNotConfigured, CODE.certNotConfigured, CODE.certNotConfigured]);
      expect(calls[0]!.body.msg).toBe('Certificate login is not configured on this server');
    } finally {
      await t.dispose();
    }
  });
});
