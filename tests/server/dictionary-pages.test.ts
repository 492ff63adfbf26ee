import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';
import { MAIN_STRUCT_CODE } from '../../server/db/seed-data/org-structures';

type Row = Record<string, unknown> & { id: number; version: number; dictType: string; value: string };

/**
 * The menu's rate types, business types, payment types and module registration (portal-shell §1) are pages of the
 * dictionary values with the dictionary as a hidden param (src/resources/defs/dictionary-value.ts):
 * a duty holding only the payment types page reads and writes payment types only, and a value
 * added there is one the dictionary query answers and data authorisation accepts.
 */
describe.each(availableBackends())('dictionary pages by hidden param on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  /** The staff user, holding only the payment types page. */
  let clerk: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    const duty = await t.db.insertInto('duty').values({ dutyCode: 'PAY-TYPES', dutyName: '付款类型维护', dutyNameEn: null, status: 'active' }).returning('id').executeTakeFirstOrThrow();
    const func = await t.db.selectFrom('func').select('id').where('funcUrl', '=', '/payment-type').executeTakeFirstOrThrow();
    await t.db.insertInto('dutyFunc').values({ dutyId: duty.id, funcId: func.id }).execute();
    // This file's database is its own: the staff user keeps this duty alone.
    const staff = await t.db.selectFrom('appUser').select('id').where('userCode', '=', DEMO.staff.userCode).executeTakeFirstOrThrow();
    await t.db.deleteFrom('userDuty').where('userId', '=', staff.id).execute();
    await t.db.insertInto('userDuty').values({ userId: staff.id, dutyId: duty.id }).execute();
    clerk = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, token: string, lang = 'zh-CN') => t.post<T>(path, body, { token, lang });
  const query = (token: string, more: Record<string, unknown> = {}) => post<{ rows: Row[]; total: number }>('/api/fsmc/dictionary-value/query', { start: 1, limit: 100, ...more }, token);

  it('lists and writes only payment types for a holder of the payment types page', async () => {
    const everything = (await query(admin)).body.data.rows;
    expect(everything.some((r) => r.dictType === 'RateType')).toBe(true);
    const mine = await query(clerk);
    expect(mine.body.code).toBe(0);
    expect(mine.body.data.total).toBeGreaterThan(0);
    expect(new Set(mine.body.data.rows.map((r) => r.dictType))).toEqual(new Set(['PaymentType']));
    // Asking for another dictionary finds nothing, and writing one is refused, naming it.
    expect((await query(clerk, { dictType: 'RateType' })).body.data.total).toBe(0);
    const refused = await post('/api/fsmc/dictionary-value/add', { dictType: 'RateType', value: 'X1', textZh: '某利率', textEn: 'Some rate', sort: 1 }, clerk, 'en-US');
    expect(refused.body.code).toBe(CODE.pageValueNotHeld);
    expect(refused.body.msg).toContain('RateType');
    const rateType = everything.find((r) => r.dictType === 'RateType')!;
    expect((await post('/api/fsmc/dictionary-value/disable', { id: rateType.id, version: rateType.version }, clerk)).body.code).toBe(CODE.recordNotFound);
  });

  it('makes a payment type added there one the dictionary answers and data authorisation accepts', async () => {
    const added = await post('/api/fsmc/dictionary-value/add', { dictType: 'PaymentType', value: 'UTILITY', textZh: '水电费', textEn: 'Utility bills', sort: 90 }, clerk);
    expect(added.body).toMatchObject({ code: 0, data: { dictType: 'PaymentType', value: 'UTILITY' } });
    const options = await post<{ dictionary: Record<string, Array<{ value: string; text: string }>> }>('/api/fsmc/common/query/dictionary', ['PaymentType'], admin, 'en-US');
    expect(options.body.data.dictionary.PaymentType).toContainEqual({ value: 'UTILITY', text: 'Utility bills' });
    const grant = await post('/api/fsmc/data-auth/save-and-submit', { userCode: DEMO.staff.userCode, dataType: 'paymentType', dataValue: 'UTILITY' }, admin);
    expect(grant.body.code).toBe(0);
    // Not a rate type: the rate forms' dictionary does not offer it.
    const rates = await post<{ dictionary: Record<string, Array<{ value: string }>> }>('/api/fsmc/common/query/dictionary', ['RateType'], admin);
    expect(rates.body.data.dictionary.RateType!.map((o) => o.value)).not.toContain('UTILITY');
  });

  it('makes a type added on the contact organisation types page one a counterparty can be of', async () => {
    const counterparty = { counterPartyName: '某信托计划', counterPartyType: 'TRUST', countryCode: 'CN' };
    const before = await post('/api/fsmc/counter-party/add', counterparty, admin);
    expect(before.body.code).toBe(CODE.notADictionaryValue);
    const added = await post('/api/fsmc/dictionary-value/add', { dictType: 'CounterPartyType', value: 'TRUST', textZh: '信托', textEn: 'Trust', sort: 90 }, admin);
    expect(added.body).toMatchObject({ code: 0, data: { dictType: 'CounterPartyType', value: 'TRUST' } });
    const after = await post('/api/fsmc/counter-party/add', counterparty, admin);
    expect(after.body).toMatchObject({ code: 0, data: { counterPartyType: 'TRUST' } });
  });

  it('makes a module registered on the module registration page one a structure module relation can name', async () => {
    const relation = { moduleCode: 'TRADE', structCode: MAIN_STRUCT_CODE, remark: '贸易融资' };
    const before = await post('/api/fsmc/org-struct-module-rel/add', relation, admin);
    expect(before.body.code).toBe(CODE.notADictionaryValue);
    const added = await post('/api/fsmc/dictionary-value/add', { dictType: 'BizModule', value: 'TRADE', textZh: '贸易融资', textEn: 'Trade finance', sort: 90 }, admin);
    expect(added.body).toMatchObject({ code: 0, data: { dictType: 'BizModule', value: 'TRADE' } });
    const after = await post('/api/fsmc/org-struct-module-rel/add', relation, admin);
    expect(after.body).toMatchObject({ code: 0, data: { moduleCode: 'TRADE', structCode: MAIN_STRUCT_CODE } });
  });

  it('gives a holder of the contact organisations page the enterprise counterparties only, and adds enterprises only', async () => {
    // The clerk's duty now holds the contact organisations page as well (the counterparties' page of kind ENTERPRISE).
    const duty = await t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'PAY-TYPES').executeTakeFirstOrThrow();
    const func = await t.db.selectFrom('func').select('id').where('funcUrl', '=', '/contact-org').executeTakeFirstOrThrow();
    await t.db.insertInto('dutyFunc').values({ dutyId: duty.id, funcId: func.id }).execute();
    const counterparties = (token: string) => post<{ rows: Row[]; total: number }>('/api/fsmc/counter-party/query', { start: 1, limit: 100 }, token);
    const kinds = (rows: Row[]) => new Set(rows.map((r) => r.counterPartyType));
    expect(kinds((await counterparties(admin)).body.data.rows).size).toBeGreaterThan(1);
    const mine = (await counterparties(clerk)).body.data;
    expect(mine.total).toBeGreaterThan(0);
    expect(kinds(mine.rows)).toEqual(new Set(['ENTERPRISE']));
    const bank = await post('/api/fsmc/counter-party/add', { counterPartyName: '某商业银行', counterPartyType: 'BANK', countryCode: 'CN' }, clerk, 'en-US');
    expect(bank.body.code).toBe(CODE.pageValueNotHeld);
    const enterprise = await post('/api/fsmc/counter-party/add', { counterPartyName: '某贸易公司', counterPartyType: 'ENTERPRISE', countryCode: 'CN' }, clerk);
    expect(enterprise.body).toMatchObject({ code: 0, data: { counterPartyType: 'ENTERPRISE' } });
  });
});
