import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { format, addDays } from 'date-fns';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';
import { tempDir } from './support/backends';
import { LICENCE_FORMAT, checkLicence, licenceFile, licenceSigner } from '../../server/services/product-licence';

type Row = Record<string, unknown> & { id: number; version: number; enabled: boolean; licenseNo: string };

/**
 * Product licences (docs/licences.md): adding one makes it, signed with the deployment's key
 * (made on first use in the file store, mode 0600); the file verifies with the public key the
 * page hands out and says what the record says; the check tells a genuine file from a forged or
 * foreign one and reads the register; the family has no update or delete call; only
 * administrators reach any of it.
 */
describe.each(availableBackends())('product licences on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const day = (offset: number) => format(addDays(t.clock.now(), offset), 'yyyy-MM-dd');
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ admin, staff } = await t.loginDemo());
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, token = admin, lang?: string) => t.post<T>(path, body, { token, lang });
  /** A file answer: its status, headers and text (or the JSON refusal). */
  async function fileOf(path: string, body: Record<string, unknown>, token = admin) {
    const payload = await t.seal(path, body, { token });
    const res = await t.app.inject({ method: 'POST', url: path, payload: payload as object, headers: { JwtToken: token, lang: 'en-US' } });
    const type = String(res.headers['content-type'] ?? '');
    return { status: res.statusCode, type, disposition: String(res.headers['content-disposition'] ?? ''), text: res.body, json: type.includes('application/json') ? (res.json() as { code: number; msg: string }) : null };
  }
  const make = (values: Record<string, unknown> = {}) =>
    post('/api/fsmc/license/add', { licensee: '华东资金中心', maxUsers: 200, validFrom: day(0), validTo: day(365), machineCode: 'HOST-01', remark: '年度许可', ...values });
  const check = (text: string) => post<{ status: string; licence: Record<string, unknown> | null; register: string | null; keyId: string }>('/api/fsmc/system/license/check', { text });

  it('makes a licence on add: a server-made number, a signed file that verifies with the public key and says what the record says', async () => {
    expect(fs.existsSync(t.config.licenceKeyFile)).toBe(false);
    const made = await make();
    expect(made.body).toMatchObject({ code: 0, data: { licensee: '华东资金中心', maxUsers: 200, validFrom: day(0), validTo: day(365), machineCode: 'HOST-01', enabled: true } });
    expect(made.body.data.licenseNo).toMatch(/^LIC\d+/);
    // The key was made in the file store, readable by the server's user only.
    expect(fs.statSync(t.config.licenceKeyFile).mode & 0o777).toBe(0o600);

    const file = await fileOf('/api/fsmc/system/license/file', { id: made.body.data.id });
    expect(file.status).toBe(200);
    expect(file.type).toContain('text/plain');
    expect(file.disposition).toContain(`${made.body.data.licenseNo}.lic`);
    const key = await fileOf('/api/fsmc/system/license/public-key', {});
    expect(key.text).toContain('-----BEGIN PUBLIC KEY-----');

    // What a product does with the two files: verify the signature over the payload's bytes.
    const payload = Buffer.from(/-----BEGIN PRODUCT LICENCE-----([\s\S]*?)-----END PRODUCT LICENCE-----/.exec(file.text)![1]!.replace(/\s+/g, ''), 'base64');
    const signature = Buffer.from(/-----BEGIN PRODUCT LICENCE SIGNATURE-----([\s\S]*?)-----END/.exec(file.text)![1]!.replace(/\s+/g, ''), 'base64');
    expect(crypto.verify(null, payload, crypto.createPublicKey(key.text), signature)).toBe(true);
    expect(JSON.parse(payload.toString('utf8'))).toMatchObject({ licenseNo: made.body.data.licenseNo, licensee: '华东资金中心', maxUsers: 200, validFrom: day(0), validTo: day(365), machineCode: 'HOST-01' });
    expect(key.disposition).toContain(`product-licence-${JSON.parse(payload.toString('utf8')).keyId}.pem`);

    const checked = await check(file.text);
    expect(checked.body.data).toMatchObject({ status: 'valid', register: 'enabled', licence: { licenseNo: made.body.data.licenseNo, maxUsers: 200 } });
  });

  it('checks a file handed back: not yet valid, forged, foreign, unreadable, and withdrawn from the register', async () => {
    const made = (await make({ licensee: 'Later Ltd', validFrom: day(10), validTo: day(20), machineCode: undefined })).body.data;
    const { text } = await fileOf('/api/fsmc/system/license/file', { id: made.id });
    expect((await check(text)).body.data).toMatchObject({ status: 'notYetValid', register: 'enabled', licence: { machineCode: null } });
    // Raising the users in the payload: the signature no longer matches, and nothing of it is shown.
    const [, body] = /-----BEGIN PRODUCT LICENCE-----([\s\S]*?)-----END PRODUCT LICENCE-----/.exec(text)!;
    const terms = JSON.parse(Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8'));
    const forged = text.replace(body!, `\n${Buffer.from(JSON.stringify({ ...terms, maxUsers: 100000 })).toString('base64')}\n`);
    expect((await check(forged)).body.data).toMatchObject({ status: 'badSignature', licence: null, register: null });

    // Signed by another deployment: its key id differs; the register is not asked.
    const foreign = text.replace(body!, `\n${Buffer.from(JSON.stringify({ ...terms, keyId: '0123456789abcdef' })).toString('base64')}\n`);
    expect((await check(foreign)).body.data).toMatchObject({ status: 'otherKey', register: null, licence: { keyId: '0123456789abcdef' } });
    expect((await check('hello')).body.data).toMatchObject({ status: 'unreadable', licence: null });

    // Withdrawn: disabled in the register (still genuine; the check says both).
    const disabled = await post('/api/fsmc/license/disable', { id: made.id, version: made.version });
    expect(disabled.body.code).toBe(0);
    expect((await check(text)).body.data).toMatchObject({ status: 'notYetValid', register: 'disabled' });
  });

  it('refuses a licence ending before it starts or already ended, in the reader’s language, writing nothing', async () => {
    const before = await t.db.selectFrom('productLicense' as never).select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow() as { n: number | string };
    const backwards = await post('/api/fsmc/license/add', { licensee: 'X', maxUsers: 5, validFrom: day(5), validTo: day(1) }, admin, 'en-US');
    expect([backwards.body.code, backwards.body.msg]).toEqual([CODE.licenceDates, `A licence valid until ${day(1)} cannot start on ${day(5)}: its last day comes before its first`]);
    const ended = await post('/api/fsmc/license/add', { licensee: 'X', maxUsers: 5, validFrom: day(-30), validTo: day(-1) });
    expect([ended.body.code, ended.body.msg]).toEqual([CODE.licenceEnded, `到期日期${day(-1)}已过（今天是${day(0)}）`]);
    const tooMany = await post('/api/fsmc/license/add', { licensee: 'X', maxUsers: 100001, validFrom: day(0), validTo: day(1) });
    expect(tooMany.status).toBe(400);
    const after = await t.db.selectFrom('productLicense' as never).select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow() as { n: number | string };
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('has no update or delete: what was signed is what the register keeps', async () => {
    const made = (await make()).body.data;
    for (const path of ['/api/fsmc/license/update', '/api/fsmc/license/delete']) {
      const res = await post(path, { id: made.id, version: made.version, licensee: 'Changed', maxUsers: 1, validFrom: day(0), validTo: day(1) });
      expect(res.status).toBe(404);
    }
    const read = await t.get<Row>(`/api/fsmc/license/query-by-/${made.id}`, {}, { token: admin });
    expect(read.body.data).toMatchObject({ licensee: '华东资金中心', maxUsers: 200 });
  });

  it('is administrators’ only: a clerk gets 403 from the register, the files and the check', async () => {
    for (const [path, body] of [['/api/fsmc/license/query', { start: 1, limit: 10 }], ['/api/fsmc/system/license/check', { text: 'x' }], ['/api/fsmc/system/license/public-key', {}]] as const) {
      expect((await post(path, body, staff)).status).toBe(403);
    }
    expect((await fileOf('/api/fsmc/system/license/file', { id: 1 }, staff)).status).toBe(403);
  });

  it('refuses with 3402, and writes nothing, when the key file cannot be read', async () => {
    const broken = await startTestApp(backend, { licenceKeyFile: `${t.config.filesDir}/not-a-key.pem` });
    try {
      fs.mkdirSync(t.config.filesDir, { recursive: true });
      fs.writeFileSync(`${t.config.filesDir}/not-a-key.pem`, 'not a key');
      const token = await broken.login(DEMO.admin);
      const res = await broken.post('/api/fsmc/license/add', { licensee: 'X', maxUsers: 5, validFrom: format(broken.clock.now(), 'yyyy-MM-dd'), validTo: format(addDays(broken.clock.now(), 1), 'yyyy-MM-dd') }, { token, lang: 'en-US' });
      expect([res.status, res.body.code, res.body.msg]).toEqual([500, CODE.licenceKeyUnusable, 'The licence key cannot be read: ask the system administrator (the server log says why)']);
      expect(JSON.stringify(res.body)).not.toContain('PEM');
      const listed = await broken.post<{ rows: unknown[] }>('/api/fsmc/license/query', { start: 1, limit: 10 }, { token });
      expect(listed.body.data.rows).toEqual([]);
    } finally {
      await broken.dispose();
    }
  });
});

describe('licence files (server/services/product-licence.ts)', () => {
  const terms = { format: LICENCE_FORMAT, licenseNo: 'LIC1', licensee: 'A\nB', maxUsers: 3, validFrom: '2026-01-01', validTo: '2026-12-31', machineCode: null, issuedAt: '2025-12-31T00:00:00.000Z' } as const;

  it('is valid from its first day to its last, inclusive, and says which side it is on otherwise', () => {
    const signer = licenceSigner(`${tempDir('licence')}/key.pem`);
    const text = licenceFile(signer, { ...terms, keyId: signer.keyId });
    expect(checkLicence(signer, text, '2025-12-31').status).toBe('notYetValid');
    expect(checkLicence(signer, text, '2026-01-01').status).toBe('valid');
    expect(checkLicence(signer, text, '2026-12-31').status).toBe('valid');
    expect(checkLicence(signer, text, '2027-01-01').status).toBe('expired');
    // The person-readable lines are one line each, whatever the licensee holds.
    expect(text.split('\n')[0]).toBe('Product licence LIC1 for A B');
  });

  it('keeps one key per file: made once with mode 0600, read back by the next signer; another key is another deployment', () => {
    const dir = tempDir('licence');
    const first = licenceSigner(`${dir}/keys/key.pem`);
    expect(fs.statSync(`${dir}/keys/key.pem`).mode & 0o777).toBe(0o600);
    fs.copyFileSync(`${dir}/keys/key.pem`, `${dir}/copy.pem`);
    expect(licenceSigner(`${dir}/copy.pem`).keyId).toBe(first.keyId);
    const other = licenceSigner(`${dir}/other.pem`);
    expect(other.keyId).not.toBe(first.keyId);
    const text = licenceFile(other, { ...terms, keyId: other.keyId });
    expect(checkLicence(first, text, '2026-06-01').status).toBe('otherKey');
    // A file that claims the first key's id but was signed by the other: its signature fails.
    const claimed = licenceFile(other, { ...terms, keyId: first.keyId });
    expect(checkLicence(first, claimed, '2026-06-01')).toEqual({ status: 'badSignature', licence: null });
  });
});
