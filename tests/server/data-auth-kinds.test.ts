import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; recordState: string };
type Answer<T> = { code: number; msg: string; data: T };

/**
 * Issue 12 point 5 (docs/data-auth.md): the data-auth pages by kind (hidden params enforced on
 * the server), the value chooser's check, copying a user's grants, and grants of an
 * organisation structure's node.
 */
describe.each(availableBackends())('data authorisation by kind on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let checker: string;
  /** The staff user, holding only the account page of data authorisation. */
  let clerk: string;
  let acct: { acctNo: string; orgCode: string };
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    checker = await t.login(DEMO.checker);
    const duty = await t.db.insertInto('duty').values({ dutyCode: 'ACCT-AUTH', dutyName: '账户授权', dutyNameEn: null, status: 'active' }).returning('id').executeTakeFirstOrThrow();
    const func = await t.db.selectFrom('func').select('id').where('funcUrl', '=', '/data-auth/account').executeTakeFirstOrThrow();
    await t.db.insertInto('dutyFunc').values({ dutyId: duty.id, funcId: func.id }).execute();
    const staff = await t.db.selectFrom('appUser').select(['id', 'orgId']).where('userCode', '=', DEMO.staff.userCode).executeTakeFirstOrThrow();
    await t.db.insertInto('userDuty').values({ userId: staff.id, dutyId: duty.id }).execute();
    clerk = await t.login(DEMO.staff);
    // Grant targets of this file's own, so no other test's user changes.
    for (const code of ['kind-a', 'kind-b', 'kind-c', 'kind-d']) {
      await t.db
        .insertInto('appUser')
        .values({ userCode: code, userName: `授权测试${code}`, userNameEn: `Grant test ${code}`, orgId: staff.orgId, orgCode: 'HQ', userType: 2, staffType: 2, passwordHash: 'x', email: `${code}@example.invalid`, status: 'active' } as never)
        .execute();
    }
    acct = (await t.db.selectFrom('account' as never).select(['acctNo', 'orgCode'] as never).orderBy('acctNo' as never).limit(1).executeTakeFirstOrThrow()) as never;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, token: string) => t.post<T>(path, body, { token });
  const submit = (body: Record<string, unknown>, token = admin) => post('/api/fsmc/data-auth/save-and-submit', body, token);
  /** Saved and submitted by an administrator, passed by the checker. */
  const grant = async (body: Record<string, unknown>) => {
    const saved = await submit(body);
    expect(saved.body).toMatchObject({ code: 0 });
    const passed = await post('/api/fsmc/data-auth/review', { id: saved.body.data.id, version: saved.body.data.version, decision: 'pass' }, checker);
    expect(passed.body.data.recordState).toBe('approved');
    return passed.body.data;
  };
  const grantsOf = async (userCode: string, token = admin, more: Record<string, unknown> = {}) =>
    (await post<{ rows: Row[]; total: number }>('/api/fsmc/data-auth/query', { start: 1, limit: 100, userCode, ...more }, token)).body;

  describe('a page with a hidden param', () => {
    it('lets a holder of the account page list and write account grants only', async () => {
      const currency = await grant({ userCode: 'kind-a', dataType: 'currency', dataValue: 'USD' });
      const account = await grant({ userCode: 'kind-a', dataType: 'account', dataValue: acct.acctNo });
      // Every kind for the by-user page's holder; account grants only for the clerk, whatever is asked.
      expect((await grantsOf('kind-a')).data.rows.map((r) => r.dataType).sort()).toEqual(['account', 'currency']);
      expect((await grantsOf('kind-a', clerk)).data.rows.map((r) => r.id)).toEqual([account.id]);
      expect((await grantsOf('kind-a', clerk, { dataType: 'currency' })).data.total).toBe(0);
      // Another kind's grant is not found, by id or by a step on it.
      const byId = await t.get(`/api/fsmc/data-auth/query-by-/${currency.id}`, undefined, { token: clerk });
      expect((byId.body as Answer<unknown>).code).toBe(CODE.recordNotFound);
      const disable = await post('/api/fsmc/data-auth/disable', { id: currency.id, version: currency.version }, clerk);
      expect(disable.body.code).toBe(CODE.recordNotFound);
      // Writing another kind is refused, naming the kind.
      const write = await submit({ userCode: 'kind-a', dataType: 'currency', dataValue: 'EUR' }, clerk);
      expect([write.body.code, write.body.msg]).toEqual([CODE.pageValueNotHeld, '您的功能不管理数据类型为“currency”的记录']);
      // Its own kind goes through for an account the clerk may see: someone who is not an
      // administrator grants only what their own grants show them (the dropdown's cut, 2203).
      expect((await submit({ userCode: 'kind-b', dataType: 'account', dataValue: acct.acctNo }, clerk)).body.code).toBe(CODE.choiceValueUnknown);
      await grant({ userCode: 'staff', dataType: 'org', dataValue: acct.orgCode });
      const mine = await submit({ userCode: 'kind-b', dataType: 'account', dataValue: acct.acctNo }, clerk);
      expect(mine.body).toMatchObject({ code: 0, data: { recordState: 'submitted' } });
      // Turning an account grant into another kind by an update is refused as well.
      const draft = await post('/api/fsmc/data-auth/add', { userCode: 'kind-c', dataType: 'account', dataValue: acct.acctNo }, clerk);
      const turned = await post('/api/fsmc/data-auth/update', { id: draft.body.data.id, version: draft.body.data.version, userCode: 'kind-c', dataType: 'currency', dataValue: 'USD' }, clerk);
      expect(turned.body.code).toBe(CODE.pageValueNotHeld);
    });

    it('refuses every call to a user holding none of the pages', async () => {
      const other = await t.db.selectFrom('func').select('id').where('funcUrl', 'like', '/data-auth/%').execute();
      expect(other.length).toBe(6);
      // The clerk holds one page: allowed. A user without any: 403 (the checker holds all through the administrators' duty).
      expect((await post('/api/fsmc/data-auth/query', { start: 1, limit: 10 }, clerk)).status).toBe(200);
      await t.db.deleteFrom('dutyFunc').where('funcId', 'in', other.map((f) => f.id)).where('dutyId', 'in', t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'ACCT-AUTH')).execute();
      expect((await post('/api/fsmc/data-auth/query', { start: 1, limit: 10 }, clerk)).status).toBe(403);
      const func = await t.db.selectFrom('func').select('id').where('funcUrl', '=', '/data-auth/account').executeTakeFirstOrThrow();
      const duty = await t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'ACCT-AUTH').executeTakeFirstOrThrow();
      await t.db.insertInto('dutyFunc').values({ dutyId: duty.id, funcId: func.id }).execute();
    });
  });

  describe('the value follows the kind', () => {
    it.each([
      ['account', 'NO-SUCH-ACCOUNT', '“NO-SUCH-ACCOUNT”不是有效的账户'],
      ['currency', 'XXX', '“XXX”不是有效的币种'],
      ['org', 'NOWHERE', '“NOWHERE”不是有效的机构'],
      ['businessType', 'LOTTERY', '“LOTTERY”不是有效的业务类型'],
      ['paymentType', 'GOODS ', '“GOODS ”不是有效的付款类型'],
    ])('refuses %s %s, not a real one of its kind', async (dataType, dataValue, msg) => {
      const refused = await submit({ userCode: 'kind-d', dataType, dataValue });
      expect([refused.body.code, refused.body.msg]).toEqual([CODE.choiceValueUnknown, msg]);
    });

    it('takes a real one of each kind, and refuses a structure on a kind without one', async () => {
      for (const [dataType, dataValue] of [['org', 'SH01'], ['account', acct.acctNo], ['currency', 'EUR'], ['businessType', 'POOL_SWEEP'], ['paymentType', 'SALARY']]) {
        expect((await submit({ userCode: 'kind-d', dataType, dataValue })).body.code).toBe(0);
      }
      const stray = await submit({ userCode: 'kind-d', dataType: 'currency', structCode: 'LEGAL', dataValue: 'JPY' });
      expect([stray.body.code, stray.body.msg]).toEqual([CODE.choiceNotApplicable, '组织结构不适用于币种']);
      const nobody = await submit({ userCode: 'nobody', dataType: 'currency', dataValue: 'JPY' });
      expect(nobody.body.code).toBe(CODE.scrollValueUnknown);
    });
  });

  describe('copy', () => {
    const copy = (fromUser: string, toUser: string, token = admin) => post<{ copied: number }>('/api/fsmc/data-auth/copy', { fromUser, toUser }, token);

    it('refuses the same user, a source without grants in force, a target with grants, and a caller without the by-user page', async () => {
      expect((await copy('kind-a', 'kind-a')).body.code).toBe(CODE.dataAuthCopySame);
      // kind-d's grants are all still under review: nothing in force to copy.
      expect((await copy('kind-d', 'admin')).body).toMatchObject({ code: CODE.dataAuthCopyNothing, msg: '用户kind-d没有生效的数据权限可复制' });
      // kind-b has an account grant under review: copy exists.
      const exists = await copy('kind-a', 'kind-b');
      expect([exists.body.code, exists.body.msg]).toEqual([CODE.dataAuthCopyExists, '用户kind-b已有数据权限，不能复制']);
      expect((await copy('kind-a', 'ghost')).body.code).toBe(CODE.scrollValueUnknown);
      expect((await copy('kind-a', 'kind-c', clerk)).status).toBe(403);
    });

    it('copies every grant in force as new grants under review, which a checker passes', async () => {
      const target = 'checker';
      const done = await copy('kind-a', target);
      expect([done.body.code, done.body.data]).toEqual([0, { copied: 2 }]);
      const copied = (await grantsOf(target)).data.rows;
      expect(copied.map((r) => [r.dataType, r.dataValue, r.recordState]).sort()).toEqual([['account', acct.acctNo, 'submitted'], ['currency', 'USD', 'submitted']]);
      // Four eyes: the administrator who copied may not pass them; another may.
      expect((await post('/api/fsmc/data-auth/review', { id: copied[0]!.id, version: copied[0]!.version, decision: 'pass' }, admin)).body.code).toBe(CODE.reviewOwnSubmission);
      // Now the target has grants: a second copy is refused.
      expect((await copy('kind-a', target)).body.code).toBe(CODE.dataAuthCopyExists);
    });
  });

  describe('by organisation structure', () => {
    it('grants a node: its organisation and every one beneath it, as the structure stands', async () => {
      const db = t.db as never as { insertInto(table: string): { values(v: unknown): { execute(): Promise<unknown> } } };
      await db.insertInto('org_struct').values({ structCode: 'KIND-T', structName: '测试结构', structNameEn: 'Test structure', mainFlag: false }).execute();
      // HQ ─ SC01 ─ SH01; GZ01 beside them under HQ.
      for (const [orgCode, parentOrgCode] of [['HQ', null], ['SC01', 'HQ'], ['SH01', 'SC01'], ['GZ01', 'HQ']]) await db.insertInto('org_struct_node').values({ structCode: 'KIND-T', orgCode, parentOrgCode }).execute();
      // A node not in the structure is refused.
      const stray = await submit({ userCode: 'staff', dataType: 'orgStruct', structCode: 'KIND-T', dataValue: 'BJ-NONE' });
      expect(stray.body.code).toBe(CODE.choiceValueUnknown);
      const sh = (await t.db.selectFrom('org').select('orgCode').where('orgCode', 'not in', ['HQ', 'SC01', 'SH01', 'GZ01']).executeTakeFirst())?.orgCode;
      if (sh) expect((await submit({ userCode: 'staff', dataType: 'orgStruct', structCode: 'KIND-T', dataValue: sh })).body.code).toBe(CODE.dataAuthNodeUnknown);
      await grant({ userCode: 'kind-b', dataType: 'orgStruct', structCode: 'KIND-T', dataValue: 'SC01' });
      const { grantedValues } = await import('../../server/services/data-auth');
      expect((await grantedValues(t.db, 'kind-b', 'org')).sort()).toEqual(['SC01', 'SH01']);
      // A grant of the same organisation in another kind adds to it; HQ's node would give all four.
      await grant({ userCode: 'kind-b', dataType: 'org', dataValue: 'GZ01' });
      expect((await grantedValues(t.db, 'kind-b', 'org')).sort()).toEqual(['GZ01', 'SC01', 'SH01']);
      // The structure disabled: its nodes grant nothing.
      await t.db.updateTable('org_struct' as never).set({ enabled: false } as never).where('structCode' as never, '=', 'KIND-T' as never).execute();
      expect(await grantedValues(t.db, 'kind-b', 'org')).toEqual(['GZ01']);
    });

    it("counts a node for a module's records only through the structure the module works by (module relation)", async () => {
      // Seeded: the accounts module works by FUND (HQ ─ SC01 ─ SH01, GZ01), budgets by MGMT.
      await grant({ userCode: 'kind-c', dataType: 'orgStruct', structCode: 'FUND', dataValue: 'SC01' });
      const { grantedValues, scopeFilter } = await import('../../server/services/data-auth');
      const under = ['GZ01', 'SC01', 'SH01'];
      expect((await grantedValues(t.db, 'kind-c', 'org')).sort()).toEqual(under);
      expect((await grantedValues(t.db, 'kind-c', 'org', 'ACCOUNT')).sort()).toEqual(under);
      expect(await grantedValues(t.db, 'kind-c', 'org', 'BUDGET')).toEqual([]);
      // A module related to no structure takes no node grant.
      expect(await grantedValues(t.db, 'kind-c', 'org', 'INVEST')).toEqual([]);
      // Through the resources' own filters: accounts cut to the three, budgets to none.
      const { RESOURCES } = await import('../../src/resources');
      const def = (code: string) => RESOURCES.find((r) => r.code === code)!;
      const user = { id: 0, userCode: 'kind-c', userType: 2 } as never;
      expect((await scopeFilter(t.db, user, def('account')))?.[0]?.values.sort()).toEqual(under);
      expect((await scopeFilter(t.db, user, def('budget')))?.[0]?.values).toEqual([]);
      // The relation moved to FUND: budgets follow at once.
      await t.db.updateTable('org_struct_module_rel' as never).set({ structCode: 'FUND' } as never).where('moduleCode' as never, '=', 'BUDGET' as never).execute();
      expect((await grantedValues(t.db, 'kind-c', 'org', 'BUDGET')).sort()).toEqual(under);
    });
  });
});
