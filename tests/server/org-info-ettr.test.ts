import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; orgCode: string; attrCode: string; attrValue: string };

/**
 * Organisation extension fields (docs/resources.md, "Organisation extension fields"): named
 * values of an organisation beyond its form, a field code once per organisation, the
 * organisation one that exists, and seen as the organisations are: by the user's grants.
 */
describe.each(availableBackends())('organisation extension fields on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let checker: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    checker = await t.login(DEMO.checker);
    // The staff user reaches the page through a duty of their own; which organisations, the grants say.
    const duty = await t.db.insertInto('duty').values({ dutyCode: 'ETTR-T', dutyName: '扩展字段测试', dutyNameEn: null, status: 'active' }).returning('id').executeTakeFirstOrThrow();
    const func = await t.db.selectFrom('func').select('id').where('funcUrl', '=', '/org-info-ettr').executeTakeFirstOrThrow();
    await t.db.insertInto('dutyFunc').values({ dutyId: duty.id, funcId: func.id }).execute();
    const user = await t.db.selectFrom('appUser').select('id').where('userCode', '=', DEMO.staff.userCode).executeTakeFirstOrThrow();
    await t.db.insertInto('userDuty').values({ userId: user.id, dutyId: duty.id }).execute();
    staff = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, token = admin, lang?: string) => t.post<T>(path, body, { token, lang });
  const add = (orgCode: string, attrCode: string, attrValue: string, lang?: string) => post('/api/fsmc/org-info-ettr/add', { orgCode, attrCode, attrName: '监管机构代码', attrValue }, admin, lang);
  const codes = async (token: string) =>
    (await post<{ rows: Row[] }>('/api/fsmc/org-info-ettr/query', { start: 1, limit: 100 }, token)).body.data.rows.map((r) => `${r.orgCode}:${r.attrCode}=${r.attrValue}`).sort();

  it('keeps a field code once per organisation, for an organisation that exists, and changes its value in place', async () => {
    const made = await add('HQ', 'regulatorCode', 'B0001H111000001');
    expect(made.body).toMatchObject({ code: 0, data: { orgCode: 'HQ', attrCode: 'regulatorCode', attrValue: 'B0001H111000001', enabled: true } });
    const again = await add('HQ', 'regulatorCode', 'X', 'en-US');
    expect([again.body.code, again.body.msg]).toEqual([CODE.orgFieldTaken, 'Organisation HQ has a field regulatorCode already: change its value there']);
    const againZh = await add('HQ', 'regulatorCode', 'X');
    expect(againZh.body.msg).toBe('机构HQ已有字段regulatorCode，请修改该字段的值');
    expect((await add('SH01', 'regulatorCode', 'B0002H231000001')).body.code).toBe(0);
    expect((await add('NOPE', 'regulatorCode', 'X')).body.code).toBe(CODE.scrollValueUnknown);
    expect((await post('/api/fsmc/org-info-ettr/add', { orgCode: 'HQ', attrCode: '1bad', attrName: 'x', attrValue: 'x' })).status).toBe(400);

    const changed = await post('/api/fsmc/org-info-ettr/update', { id: made.body.data.id, version: made.body.data.version, attrName: '监管机构代码', attrValue: 'B0001H111000002' });
    expect(changed.body).toMatchObject({ code: 0, data: { attrValue: 'B0001H111000002', version: made.body.data.version + 1 } });
    expect((await codes(admin)).filter((c) => c.includes(':regulatorCode='))).toEqual(['HQ:regulatorCode=B0001H111000002', 'SH01:regulatorCode=B0002H231000001']);
    // Beside the seeded fields (server/db/seed-data/resources-misc.ts).
    expect(await codes(admin)).toContain('HQ:lei=300300C1012345678901');
  });

  it('shows a user only the fields of the organisations granted to them, and refuses one written into another', async () => {
    expect(await codes(staff)).toEqual([]);
    const saved = await post('/api/fsmc/data-auth/save-and-submit', { userCode: DEMO.staff.userCode, dataType: 'org', dataValue: 'SH01' });
    await post('/api/fsmc/data-auth/review', { id: saved.body.data.id, version: saved.body.data.version, decision: 'pass' }, checker);
    expect(await codes(staff)).toEqual(['SH01:regulatorCode=B0002H231000001']);
    const foreign = await post('/api/fsmc/org-info-ettr/add', { orgCode: 'HQ', attrCode: 'costCentre', attrName: '成本中心', attrValue: 'CC-01' }, staff);
    expect(foreign.body.code).not.toBe(0);
    expect((await post('/api/fsmc/org-info-ettr/add', { orgCode: 'SH01', attrCode: 'costCentre', attrName: '成本中心', attrValue: 'CC-01' }, staff)).body.code).toBe(0);
  });
});
