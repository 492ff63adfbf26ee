import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; enabled: boolean };

/**
 * Position relations (docs/resources.md, "Position relations"): two duties one user may not hold
 * together. The relation refuses itself, a pair twice, a pair a user holds now; a user's duty
 * stations refuse the pair while the relation is enabled.
 */
describe.each(availableBackends())('position relations on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staffId: number;
  const dutyId: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    for (const [dutyCode, dutyName] of [['PAYER', '付款录入'], ['APPROVER', '付款审批'], ['VIEWER', '查询']] as const) {
      const duty = await t.db.insertInto('duty').values({ dutyCode, dutyName, dutyNameEn: null, status: 'active' }).returning('id').executeTakeFirstOrThrow();
      dutyId[dutyCode] = duty.id;
    }
    staffId = (await t.db.selectFrom('appUser').select('id').where('userCode', '=', DEMO.staff.userCode).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, lang?: string) => t.post<T>(path, body, { token: admin, lang });
  const stations = (ids: number[], lang?: string) => post('/api/fsmc/user-info/save-duty-station', { id: staffId, dutyIds: ids }, lang);

  it('offers the duties in force in the duty dropdown, and refuses a duty related to itself or a pair related already', async () => {
    const listed = await post<{ rows: Array<{ dutyCode: string; dutyName: string }> }>('/api/fsmc/scroll-select/duty', { start: 1, limit: 50, query: '付款' });
    expect(listed.body.data.rows).toEqual([
      { dutyCode: 'APPROVER', dutyName: '付款审批' },
      { dutyCode: 'PAYER', dutyName: '付款录入' },
    ]);
    const same = await post('/api/fsmc/position-relation/add', { dutyCode: 'PAYER', relatedDutyCode: 'PAYER' }, 'en-US');
    expect([same.body.code, same.body.msg]).toEqual([CODE.positionSame, 'A duty cannot be incompatible with itself']);
    const unknown = await post('/api/fsmc/position-relation/add', { dutyCode: 'PAYER', relatedDutyCode: 'NOPE' });
    expect(unknown.body.code).toBe(CODE.scrollValueUnknown);
    const made = await post('/api/fsmc/position-relation/add', { dutyCode: 'PAYER', relatedDutyCode: 'APPROVER', remark: '录入与审批分离' });
    expect(made.body).toMatchObject({ code: 0, data: { dutyCode: 'PAYER', relatedDutyCode: 'APPROVER', enabled: true } });
    const twice = await post('/api/fsmc/position-relation/add', { dutyCode: 'APPROVER', relatedDutyCode: 'PAYER' });
    expect([twice.body.code, twice.body.msg]).toEqual([CODE.positionRelated, '岗位APPROVER与PAYER已有关系']);
  });

  it('refuses duty stations that would give one user two incompatible duties, in the reader’s language, and keeps the stations held', async () => {
    expect((await stations([dutyId.PAYER!, dutyId.VIEWER!])).body.code).toBe(0);
    const both = await stations([dutyId.PAYER!, dutyId.APPROVER!, dutyId.VIEWER!], 'en-US');
    expect([both.body.code, both.body.msg]).toEqual([CODE.positionIncompatible, 'Duties PAYER and APPROVER are incompatible: one user cannot hold both']);
    const held = await t.db.selectFrom('userDuty').select('dutyId').where('userId', '=', staffId).orderBy('dutyId').execute();
    expect(held.map((h) => h.dutyId)).toEqual([dutyId.PAYER, dutyId.VIEWER].sort((a, b) => a! - b!));
  });

  it('lets a disabled relation through, and is not enabled again while a user holds both', async () => {
    const relation = (await post<{ rows: Row[] }>('/api/fsmc/position-relation/query', { start: 1, limit: 10, dutyCode: 'PAYER' })).body.data.rows[0]!;
    const disabled = await post('/api/fsmc/position-relation/disable', { id: relation.id, version: relation.version });
    expect(disabled.body).toMatchObject({ code: 0, data: { enabled: false } });
    expect((await stations([dutyId.PAYER!, dutyId.APPROVER!])).body.code).toBe(0);
    const enabled = await post('/api/fsmc/position-relation/enable', { id: relation.id, version: disabled.body.data.version });
    expect([enabled.body.code, enabled.body.msg]).toEqual([CODE.positionHeldTogether, `用户${DEMO.staff.userCode}同时担任PAYER和APPROVER，须先取消其中一个`]);
    const fresh = await post('/api/fsmc/position-relation/add', { dutyCode: 'APPROVER', relatedDutyCode: 'VIEWER' });
    expect(fresh.body.code).toBe(0);
    expect((await stations([dutyId.PAYER!])).body.code).toBe(0);
    expect((await post('/api/fsmc/position-relation/enable', { id: relation.id, version: disabled.body.data.version })).body).toMatchObject({ code: 0, data: { enabled: true } });
  });
});
