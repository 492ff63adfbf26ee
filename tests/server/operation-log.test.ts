import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { HEADERS } from '../../src/shared/constants';
import { contract } from '../../src/shared/contract';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

jest.setTimeout(120_000);

const QUERY = '/api/fsmc/operate-log/query';
const DAY_MS = 24 * 60 * 60 * 1000;

interface LogRow {
  id: number;
  createdAt: string;
  logDate: string;
  userCode: string | null;
  userName: string | null;
  logKind: string;
  loginType: string | null;
  funcCode: string | null;
  route: string;
  resourceCode: string | null;
  recordId: string | null;
  outcome: string;
  resultCode: number;
  clientAddress: string | null;
}

/** Issue 15 point 8: every write and every login in the operation log, searched by administrators. */
describe.each(availableBackends())('operation log on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // Client addresses played through X-Forwarded-For, as from behind a trusted proxy.
    t = await startTestApp(backend, { trustProxy: ['127.0.0.1'] });
    admin = await t.login(DEMO.admin);
  });
  afterAll(async () => {
    await t.dispose();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const search = async (filters: Record<string, unknown>, token = admin) => {
    const res = await t.post<{ rows: LogRow[]; total: number }>(QUERY, { start: 1, limit: 50, ...filters }, { token });
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  /** Every row, as stored: what a test checks nothing secret reached. */
  const everything = async () => JSON.stringify((await sql`select * from operate_log`.execute(t.db)).rows);

  it('records password logins, successful and refused, with who, outcome and address; never the password', async () => {
    const wrong = 'Not-The-Password-7';
    const refused = await t.post(contract.login.login.path, { userCode: 'staff', password: wrong }, { headers: from('198.51.100.7') });
    expect(refused.body.code).not.toBe(0);
    const unknown = await t.post(contract.login.login.path, { userCode: 'nobody-here', password: wrong }, { headers: from('198.51.100.7') });
    expect(unknown.body.code).not.toBe(0);
    const ok = await t.post(contract.login.login.path, DEMO.staff, { headers: from('198.51.100.8') });
    expect(ok.body.code).toBe(0);

    const { rows } = await search({ logKind: 'LOGIN', userCode: 'staff' });
    const mine = rows.filter((r) => r.userCode === 'staff');
    expect(mine.slice(0, 2)).toEqual([
      expect.objectContaining({ loginType: 'password', outcome: 'SUCCESS', resultCode: 0, userName: expect.any(String), clientAddress: '198.51.100.8', route: `POST ${contract.login.login.path}` }),
      expect.objectContaining({ loginType: 'password', outcome: 'FAILURE', resultCode: refused.body.code, clientAddress: '198.51.100.7' }),
    ]);
    expect((await search({ userCode: 'nobody-here' })).rows).toEqual([expect.objectContaining({ logKind: 'LOGIN', outcome: 'FAILURE', resultCode: unknown.body.code })]);

    const stored = await everything();
    expect(stored).not.toContain(wrong);
    expect(stored).not.toContain(DEMO.staff.password);
    expect(stored).not.toContain(ok.body.data.JwtToken);
  });

  it('records a write with its function, resource, record and outcome; a refused write too; reads not at all', async () => {
    const before = (await search({ logKind: 'WRITE' })).total;
    const added = await t.post('/api/fsmc/cert-set/add', { setCode: 'OPLOG-1', setName: 'Operation log test', setType: 'func', target: '/bank' }, { token: admin, headers: { ...from('203.0.113.5') } });
    expect(added.body.code).toBe(0);
    const id = added.body.data.id as number;
    const stale = await t.post('/api/fsmc/cert-set/update', { id, version: 99, setName: 'Changed', setType: 'func', target: '/bank' }, { token: admin });
    expect(stale.body.code).toBe(CODE.recordStale);
    // Reads leave nothing: a query, a by-id GET, a uniqueness check, a POST flagged as a read.
    await t.post('/api/fsmc/cert-set/query', { start: 1, limit: 10 }, { token: admin });
    await t.get(`/api/fsmc/cert-set/query-by-/${id}`, {}, { token: admin });
    await t.post('/api/fsmc/cert-set/check-repeat', { field: 'setCode', value: 'OPLOG-1' }, { token: admin });
    await t.post('/api/fsmc/common/section-order/find', { code: 'cert-set' }, { token: admin });

    const { rows, total } = await search({ logKind: 'WRITE', funcCode: '/cert-set' });
    expect(total).toBe(2);
    expect(rows).toEqual([
      expect.objectContaining({ userCode: 'admin', route: 'POST /api/fsmc/cert-set/update', resourceCode: 'cert-set', recordId: String(id), outcome: 'FAILURE', resultCode: CODE.recordStale }),
      expect.objectContaining({ userCode: 'admin', route: 'POST /api/fsmc/cert-set/add', resourceCode: 'cert-set', recordId: String(id), outcome: 'SUCCESS', resultCode: 0, clientAddress: '203.0.113.5' }),
    ]);
    expect((await search({ logKind: 'WRITE' })).total).toBe(before + 2);
  });

  it('records a QR login when the waiting page receives its session, not each poll; the phone’s confirmation as a write', async () => {
    const { qrId } = (await t.post(contract.qr.generate.path, {})).body.data;
    await t.post(contract.qr.status.path, { qrId });
    const phone = await t.login(DEMO.checker);
    await t.post(contract.qr.confirm.path, { qrId }, { token: phone });
    const confirmed = await t.post(contract.qr.status.path, { qrId }, { headers: from('192.0.2.44') });
    expect(confirmed.body.data.status).toBe('confirmed');
    await t.post(contract.qr.status.path, { qrId });

    const { rows } = await search({ userCode: 'checker', logKind: 'LOGIN' });
    expect(rows.filter((r) => r.loginType === 'qrcode')).toEqual([expect.objectContaining({ outcome: 'SUCCESS', clientAddress: '192.0.2.44', userName: expect.any(String) })]);
    expect((await search({ userCode: 'checker', funcCode: contract.qr.confirm.path })).rows).toEqual([expect.objectContaining({ logKind: 'WRITE', outcome: 'SUCCESS' })]);
  });

  it('records a refused certificate login under the user code it named', async () => {
    const signedData = 'A'.repeat(16);
    const res = await t.post(contract.cert.authLogin.path, { userCode: 'staff', signedData, serialNumber: '01', challenge: 'A'.repeat(43) }, { raw: true });
    expect(res.body.code).not.toBe(0);
    const { rows } = await search({ userCode: 'staff', logKind: 'LOGIN', outcome: 'FAILURE' });
    expect(rows.find((r) => r.loginType === 'cert')).toMatchObject({ resultCode: res.body.code, route: `POST ${contract.cert.authLogin.path}` });
    expect(await everything()).not.toContain(signedData);
  });

  it('files each row under the day of the server’s clock; the time range and paging find it', async () => {
    const now = new Date(t.clock.now());
    const two = (n: number) => String(n).padStart(2, '0');
    const today = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
    const tomorrow = new Date(now.getTime() + DAY_MS);
    const next = `${tomorrow.getFullYear()}-${two(tomorrow.getMonth() + 1)}-${two(tomorrow.getDate())}`;
    const all = await search({});
    expect(all.rows.every((r) => r.logDate === today)).toBe(true);
    expect((await search({ logDateFrom: today, logDateTo: today })).total).toBe(all.total);
    expect((await search({ logDateFrom: next })).total).toBe(0);
    // The exact time is the server clock's too.
    expect(Math.abs(new Date(all.rows[0]!.createdAt).getTime() - t.clock.now())).toBeLessThan(60_000);
    const page2 = await t.post<{ rows: LogRow[]; total: number }>(QUERY, { start: 2, limit: 2 }, { token: admin });
    expect(page2.body.data).toEqual({ rows: all.rows.slice(2, 4), total: all.total });
  });

  it('is searched by administrators only, and nobody writes it through the API', async () => {
    const staff = await t.login(DEMO.staff);
    const res = await t.post(QUERY, { start: 1, limit: 10 }, { token: staff });
    expect([res.status, res.body.code]).toEqual([403, CODE.forbidden]);
    const add = await t.post('/api/fsmc/operate-log/add', { logDate: '2026-01-01', logKind: 'LOGIN', route: 'x', outcome: 'SUCCESS', resultCode: 0 }, { token: admin });
    expect(add.status).toBe(404);
  });
});
