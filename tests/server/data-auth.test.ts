import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; recordState: string };
type Answer<T> = { code: number; msg: string; data: T };

/**
 * Issue 12 point 5: data authorisation on the server. A grant (data-auth family: reviewed, four
 * eyes) gives a user an organisation; every query and read by id of a scoped resource is cut
 * to the caller's grants, so a crafted request for another organisation's rows returns none.
 */
describe.each(availableBackends())('data authorisation on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let checker: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    checker = await t.login(DEMO.checker);
    // The staff user gets the organisation pages through a duty of their own (functions are
    // one thing, data another: this test is about the data).
    const duty = await t.db.insertInto('duty').values({ dutyCode: 'DATA-T', dutyName: '数据权限测试', dutyNameEn: null, status: 'active' }).returning('id').executeTakeFirstOrThrow();
    const funcs = await t.db.selectFrom('func').select('id').where('funcUrl', 'in', ['/org-info', '/department']).execute();
    await t.db.insertInto('dutyFunc').values(funcs.map((f) => ({ dutyId: duty.id, funcId: f.id }))).execute();
    const user = await t.db.selectFrom('appUser').select('id').where('userCode', '=', DEMO.staff.userCode).executeTakeFirstOrThrow();
    await t.db.insertInto('userDuty').values({ userId: user.id, dutyId: duty.id }).execute();
    staff = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, token: string) => t.post<T>(path, body, { token });
  const orgCodes = async (token: string, filter: Record<string, unknown> = {}) =>
    (await post<{ rows: Row[]; total: number }>('/api/fsmc/org-info/query', { start: 1, limit: 100, ...filter }, token)).body.data.rows.map((r) => r.orgCode).sort();
  /** An administrator grants, another passes: only then does the grant count. */
  const grant = async (dataValue: string) => {
    const saved = await post('/api/fsmc/data-auth/save-and-submit', { userCode: DEMO.staff.userCode, dataType: 'org', dataValue }, admin);
    expect(saved.body.code).toBe(0);
    const passed = await post('/api/fsmc/data-auth/review', { id: saved.body.data.id, version: saved.body.data.version, decision: 'pass' }, checker);
    expect(passed.body.data.recordState).toBe('approved');
  };

  it('shows a user without grants no organisation, and an administrator all of them', async () => {
    expect(await orgCodes(staff)).toEqual([]);
    expect((await orgCodes(admin)).length).toBeGreaterThanOrEqual(4);
  });

  it('a grant counts once reviewed: the user sees exactly the two organisations granted', async () => {
    const pending = await post('/api/fsmc/data-auth/save-and-submit', { userCode: DEMO.staff.userCode, dataType: 'org', dataValue: 'HQ' }, admin);
    expect(await orgCodes(staff)).toEqual([]);
    await post('/api/fsmc/data-auth/review', { id: pending.body.data.id, version: pending.body.data.version, decision: 'pass' }, checker);
    await grant('SH01');
    expect(await orgCodes(staff)).toEqual(['HQ', 'SH01']);
    // The departments follow their organisation.
    const departments = (await post<{ rows: Row[] }>('/api/fsmc/department/query', { start: 1, limit: 100 }, staff)).body.data.rows;
    expect(departments.length).toBeGreaterThan(0);
    expect(new Set(departments.map((d) => d.orgCode))).toEqual(new Set(['HQ']));
  });

  it('a crafted request for another organisation returns none: filter, read by id, change', async () => {
    expect(await orgCodes(staff, { orgCode: 'GZ01' })).toEqual([]);
    const gz = (await post<{ rows: Row[] }>('/api/fsmc/org-info/query', { start: 1, limit: 10, orgCode: 'GZ01' }, admin)).body.data.rows[0]!;
    const byId = await t.get(`/api/fsmc/org-info/query-by-/${gz.id}`, undefined, { token: staff });
    expect((byId.body as Answer<unknown>).code).toBe(CODE.recordNotFound);
    const change = await post('/api/fsmc/org-info/update', { id: gz.id, version: gz.version, orgName: '改名', orgType: gz.orgType }, staff);
    expect(change.body.code).toBe(CODE.recordNotFound);
    // Nor may a user write a record into an organisation they are not granted.
    const dept = await post('/api/fsmc/department/add', { deptCode: 'GZ-X', deptName: '越权部门', orgCode: 'GZ01' }, staff);
    expect([dept.body.code, dept.body.msg]).toEqual([CODE.dataNotGranted, '您没有所属机构“GZ01”的数据权限']);
  });

  it('refuses a grant the user already has (data-auth-main exists)', async () => {
    const again = await post('/api/fsmc/data-auth/save-and-submit', { userCode: DEMO.staff.userCode, dataType: 'org', dataValue: 'SH01' }, admin);
    expect(again.body.code).toBe(CODE.dataAuthExists);
  });
});
