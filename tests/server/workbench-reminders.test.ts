import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import type { Balances, CashFlow } from '../../src/shared/contract/workbench';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Answer<T> = { code: number; msg: string; data: T };
type Reminder = { id: number; title: string; content: string; status: string };
const DAY = 86_400_000;

/**
 * Issue 15 points 4 and 5 on the real app: reminders generated from their configurations and
 * templates (filled in both languages, once per user, configuration version and day, scoped by
 * data authorisation, stopped configurations silent, a settings write generating off the request
 * path), and the workbench's balances and cash flow cut by data authorisation.
 */
describe.each(availableBackends())('reminders and workbench on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let checker: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ admin, checker, staff } = await t.loginDemo());
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = any>(path: string, body: unknown, token: string, lang?: string) => t.post<T>(path, body, { token, lang });
  const reminders = async (token: string, lang?: string) => (await post<{ rows: Reminder[]; total: number }>('/api/fsmc/remind/query-remind-info-by-page', { start: 1, limit: 100 }, token, lang)).body.data.rows;
  const generated = async (token: string, lang?: string) => (await reminders(token, lang)).filter((r) => !/欢迎|密码|汇率|Welcome|password|Exchange/.test(r.title));
  const grant = async (orgCode: string) => {
    const saved = await post('/api/fsmc/data-auth/save-and-submit', { userCode: DEMO.staff.userCode, dataType: 'org', dataValue: orgCode }, admin);
    expect(saved.body.code).toBe(0);
    expect((await post('/api/fsmc/data-auth/review', { id: saved.body.data.id, version: saved.body.data.version, decision: 'pass' }, checker)).body.code).toBe(0);
  };
  const accountsBelow = async (threshold: number, orgs?: string[]) =>
    (
      await sql<{ acctNo: string; orgCode: string }>`select acct_no, org_code from account where currency_code = 'CNY' and balance < ${threshold}
        ${orgs ? sql`and org_code in (${sql.join(orgs)})` : sql``} order by balance, acct_no`.execute(t.db)
    ).rows;

  it('the settings are resources: seeded templates, parameters and configurations for administrators, 403 for the staff', async () => {
    const templates = await post<{ rows: Array<{ templateCode: string; remindKind: string }> }>('/api/fsmc/remind-template/query', { start: 1, limit: 10 }, admin);
    expect(templates.body.data.rows.map((r) => r.templateCode)).toEqual(['BALANCE_LOW', 'RATE_PLAN_SOON', 'TODO_WAITING']);
    const params = await post<{ rows: Array<{ paramCode: string }>; total: number }>('/api/fsmc/remind-param/query', { start: 1, limit: 50, remindKind: 'balanceBelow' }, admin);
    expect(params.body.data.rows.map((r) => r.paramCode).sort()).toEqual(['accounts', 'count', 'currency', 'date', 'threshold', 'userName']);
    const configs = await post<{ rows: Array<{ configCode: string; enabled: boolean }> }>('/api/fsmc/remind-config/query', { start: 1, limit: 10 }, admin);
    expect(configs.body.data.rows.map((r) => [r.configCode, r.enabled])).toEqual([['BAL_LOW_CNY', true], ['RATE_PLAN_30D', true], ['TODO_WAITING', true]]);
    expect((await post('/api/fsmc/remind-config/query', { start: 1, limit: 10 }, staff)).status).toBe(403);
    // "Remind config code repeat" (shell §5).
    expect((await post<{ repeat: boolean }>('/api/fsmc/remind-config/check-repeat', { field: 'configCode', value: 'BAL_LOW_CNY' }, admin)).body.data.repeat).toBe(true);
  });

  it('settings generation could not use are refused on save, in the reader\'s language', async () => {
    const template = { templateCode: 'BAD_TPL', templateName: '坏模板', remindKind: 'balanceBelow', titleZh: '余额 {balance}', titleEn: 'Balance', contentZh: '内容', contentEn: 'Content' };
    const bad = await post('/api/fsmc/remind-template/add', template, admin);
    expect(bad.body).toMatchObject({ code: CODE.remindParamUnknown, msg: '「账户余额低于阈值」类提醒没有参数 {balance}' });
    const badEn = await post('/api/fsmc/remind-template/add', template, admin, 'en-US');
    expect(badEn.body.msg).toBe('Reminders of kind “Balance below threshold” have no parameter {balance}');
    expect((await post('/api/fsmc/remind-template/add', { ...template, titleZh: '余额 {count}' }, admin)).body.code).toBe(0);

    const param = { remindKind: 'balanceBelow', paramCode: 'count', paramName: '数量', paramNameEn: 'How many' };
    expect((await post('/api/fsmc/remind-param/add', param, admin)).body.code).toBe(CODE.remindParamTaken);
    expect((await post('/api/fsmc/remind-param/add', { ...param, paramCode: 'plans' }, admin)).body.code).toBe(CODE.remindParamUnknown);

    const config = { configCode: 'BAD_CFG', configName: '坏配置', remindKind: 'balanceBelow', templateCode: 'TODO_WAITING', targetType: 'duty', targets: 'ADMIN', threshold: 1 };
    expect((await post('/api/fsmc/remind-config/add', config, admin)).body.code).toBe(CODE.remindTemplateUnknown);
    expect((await post('/api/fsmc/remind-config/add', { ...config, templateCode: 'BALANCE_LOW', targets: 'ADMIN, NOBODY' }, admin)).body).toMatchObject({ code: CODE.remindTargetUnknown, msg: '提醒对象 NOBODY 不存在' });
    expect((await post('/api/fsmc/remind-config/add', { ...config, templateCode: 'BALANCE_LOW', targetType: 'user', targets: 'NOBODY' }, admin)).body.code).toBe(CODE.remindTargetUnknown);
    const { threshold: _none, ...noThreshold } = config;
    expect((await post('/api/fsmc/remind-config/add', { ...noThreshold, templateCode: 'BALANCE_LOW' }, admin)).body).toMatchObject({ code: CODE.remindSettingMissing, msg: '「账户余额低于阈值」类提醒须填写余额阈值' });
    // Nothing was written by the refusals.
    const configs = await post<{ total: number }>('/api/fsmc/remind-config/query', { start: 1, limit: 10, configCode: 'BAD_CFG' }, admin);
    expect(configs.body.data.total).toBe(0);
  });

  it('generation fills the template in both languages, once a day per user and configuration version', async () => {
    const first = await t.app.remindJobs.run();
    expect(first.configs).toBe(3);
    const below = await accountsBelow(100_000);
    expect(below.length).toBeGreaterThan(0);
    const [zh] = await generated(admin);
    expect(zh!.title).toBe(`${below.length} 个账户余额低于 100,000.00 CNY`);
    expect(zh!.content).toContain(`系统管理员，截至 ${new Date(t.clock.now()).toISOString().slice(0, 4)}`);
    expect(zh!.content).toContain(below.slice(0, 5).map((a) => a.acctNo).join(', '));
    const [en] = await generated(admin, 'en-US');
    expect(en!.title).toBe(`${below.length} accounts below CNY 100,000.00`);
    expect(en!.content).toMatch(/^Administrator, as of \d{4}-\d{2}-\d{2}, /);
    expect(`${zh!.title}${zh!.content}${en!.title}${en!.content}`).not.toMatch(/[{}]/);
    // The staff duty is not targeted by the balance configuration, and has no to-do tasks.
    expect(await generated(staff)).toEqual([]);

    // Again the same day: nothing new; a cancelled reminder stays cancelled.
    await post('/api/fsmc/remind/cancel', { id: zh!.id }, admin);
    expect((await t.app.remindJobs.run()).created).toBe(0);
    expect(await generated(admin)).toEqual([]);
    // The next day it reminds again: both holders of the ADMIN duty (admin and checker). The
    // clock goes back at once: sessions and envelopes would have lapsed a day later.
    t.clock.advance(DAY);
    const next = await t.app.remindJobs.run();
    t.clock.advance(-DAY);
    expect(next.created).toBe(2);
    expect(await generated(admin)).toHaveLength(1);
  });

  it('a configuration written for a user generates at once, off the request path, cut to the organisations they may see', async () => {
    await grant('SH01');
    const added = await post('/api/fsmc/remind-config/add', { configCode: 'STAFF_SH_LOW', configName: '华东账户余额提醒', remindKind: 'balanceBelow', templateCode: 'BALANCE_LOW', targetType: 'user', targets: DEMO.staff.userCode, threshold: 1_000_000, currencyCode: 'CNY' }, admin);
    expect(added.body.code).toBe(0);
    await t.app.remindJobs.idle();
    const mine = await accountsBelow(1_000_000, ['SH01']);
    expect(mine.length).toBeGreaterThan(0);
    const rows = await generated(staff);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toBe(`${mine.length} 个账户余额低于 1,000,000.00 CNY`);
    expect(rows[0]!.content).toContain('张会计，截至');
    expect(rows[0]!.content).toContain(mine.slice(0, 5).map((a) => a.acctNo).join(', '));

    // Stopped, it says nothing the next day.
    const stopped = await post('/api/fsmc/remind-config/stop', { id: added.body.data.id, version: added.body.data.version }, admin);
    expect(stopped.body.code).toBe(0);
    await t.app.remindJobs.idle();
    t.clock.advance(DAY);
    await t.app.remindJobs.run('STAFF_SH_LOW');
    t.clock.advance(-DAY);
    expect(await generated(staff)).toHaveLength(1);
  });

  it('to-do tasks waiting: a submitted rate plan reminds those who may decide its step', async () => {
    const plan = await post('/api/fsmc/rate-plan/save-and-submit', { planName: '提醒测试方案', applyType: 'ADD', rateType: 'LPR', floatRate: 0.1, effectiveDate: '2026-12-01' }, staff);
    expect(plan.body.code).toBe(0);
    await t.app.remindJobs.run('TODO_WAITING');
    expect((await generated(checker)).map((r) => r.title)).toContain('您有 1 项待办任务');
    expect((await generated(checker, 'en-US')).map((r) => r.title)).toContain('You have 1 to-do tasks');
  });

  describe('workbench', () => {
    it('balances: per currency and the largest accounts; administrators see all, the staff only granted organisations', async () => {
      const all = (await post<Balances>('/api/acct/workbench/query-balance', {}, admin)).body.data;
      const { rows } = await sql<{ currencyCode: string; n: number; total: string }>`select currency_code, count(*)::int as n, sum(balance) as total from account group by currency_code`.execute(t.db);
      expect(all.currencies.map((c) => [c.currencyCode, c.accounts]).sort()).toEqual(rows.map((r) => [r.currencyCode, r.n]).sort());
      const cny = all.currencies.find((c) => c.currencyCode === 'CNY')!;
      expect(cny.total).toBeCloseTo(Number(rows.find((r) => r.currencyCode === 'CNY')!.total), 2);
      expect(all.top).toHaveLength(5);
      expect(all.top.every((a, i) => a.currencyCode === 'CNY' && (i === 0 || a.balance <= all.top[i - 1]!.balance))).toBe(true);

      const mine = (await post<Balances>('/api/acct/workbench/query-balance', {}, staff)).body.data;
      const { rows: sh } = await sql<{ n: number }>`select count(*)::int as n from account where org_code = 'SH01'`.execute(t.db);
      expect(mine.currencies.reduce((s, c) => s + c.accounts, 0)).toBe(sh[0]!.n);
      expect(mine.top.every((a) => a.orgCode === 'SH01')).toBe(true);
    });

    it('a user without grants sees empty panels, not an error', async () => {
      const token = await t.login(DEMO.staff);
      await sql`update data_auth set enabled = false where user_code = ${DEMO.staff.userCode}`.execute(t.db);
      const res = await post<Balances>('/api/acct/workbench/query-balance', {}, token);
      expect(res.body).toMatchObject({ code: 0, data: { currencies: [], top: [] } });
      const flow = (await post<CashFlow>('/api/acct/workbench/query-cash-flow', { days: 7, currencyCode: 'CNY' }, token)).body.data;
      expect(flow.days).toHaveLength(7);
      expect(flow.days.every((d) => d.inflow === 0 && d.outflow === 0)).toBe(true);
      await sql`update data_auth set enabled = true where user_code = ${DEMO.staff.userCode}`.execute(t.db);
      staff = token;
    });

    it('cash flow: every day of the window to today, summed in and out, cut by organisation; other windows refused', async () => {
      const flow = (await post<CashFlow>('/api/acct/workbench/query-cash-flow', { days: 30, currencyCode: 'CNY' }, admin)).body.data;
      expect(flow.days).toHaveLength(30);
      expect(flow.to).toBe(flow.days.at(-1)!.date);
      const { rows } = await sql<{ inflow: string; outflow: string }>`select coalesce(sum(amount) filter (where direction = 'in'), 0) as inflow, coalesce(sum(amount) filter (where direction = 'out'), 0) as outflow
        from acct_transaction where currency_code = 'CNY' and txn_date between ${flow.from}::date and ${flow.to}::date`.execute(t.db);
      expect(flow.days.reduce((s, d) => s + d.inflow, 0)).toBeCloseTo(Number(rows[0]!.inflow), 1);
      expect(flow.days.reduce((s, d) => s + d.outflow, 0)).toBeCloseTo(Number(rows[0]!.outflow), 1);
      expect(flow.days.some((d) => d.inflow > 0)).toBe(true);

      const mine = (await post<CashFlow>('/api/acct/workbench/query-cash-flow', { days: 30, currencyCode: 'CNY' }, staff)).body.data;
      const { rows: sh } = await sql<{ inflow: string }>`select coalesce(sum(amount) filter (where direction = 'in'), 0) as inflow
        from acct_transaction where currency_code = 'CNY' and org_code = 'SH01' and txn_date between ${mine.from}::date and ${mine.to}::date`.execute(t.db);
      expect(mine.days.reduce((s, d) => s + d.inflow, 0)).toBeCloseTo(Number(sh[0]!.inflow), 1);

      expect((await post('/api/acct/workbench/query-cash-flow', { days: 10, currencyCode: 'CNY' }, admin)).status).toBe(400);
    });

    it('cash flow: offers the currencies of the accounts the caller may see, CNY first, and sums the one chosen', async () => {
      const flow = (await post<CashFlow>('/api/acct/workbench/query-cash-flow', { days: 30, currencyCode: 'USD' }, admin)).body.data;
      const { rows: held } = await sql<{ c: string }>`select distinct currency_code as c from account where enabled and record_state = 'approved'`.execute(t.db);
      expect([...flow.currencies].sort()).toEqual(held.map((r) => r.c).sort());
      expect(flow.currencies[0]).toBe('CNY');
      const { rows } = await sql<{ inflow: string }>`select coalesce(sum(amount) filter (where direction = 'in'), 0) as inflow
        from acct_transaction where currency_code = 'USD' and txn_date between ${flow.from}::date and ${flow.to}::date`.execute(t.db);
      expect(flow.currencyCode).toBe('USD');
      expect(flow.days.reduce((s, d) => s + d.inflow, 0)).toBeCloseTo(Number(rows[0]!.inflow), 1);

      const mine = (await post<CashFlow>('/api/acct/workbench/query-cash-flow', { days: 7, currencyCode: 'CNY' }, staff)).body.data;
      const { rows: sh } = await sql<{ c: string }>`select distinct currency_code as c from account where enabled and record_state = 'approved' and org_code = 'SH01'`.execute(t.db);
      expect([...mine.currencies].sort()).toEqual(sh.map((r) => r.c).sort());
    });
  });
});
