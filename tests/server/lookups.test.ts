import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { contract } from '../../src/shared/contract';
import { LOOKUP_DEFAULT_PAGE_SIZE } from '../../src/shared/constants';
import { LOOKUPS, lookupFields, type LookupDef } from '../../src/shared/lookups';
import { ACCOUNT_COUNT, accountRows, budgetRows, contactAccountRows } from '../../server/db/seed-data/lookup-data';
import { counterPartyRows } from '../../server/db/seed-data/resources-misc';
import { ORGANISATIONS } from '../../server/db/seed-data/resources-misc';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

jest.setTimeout(120_000);

type Page = { rows: Array<Record<string, unknown>>; total: number };
const l = contract.lookup;

/**
 * Issue 12 point 2 (widgets §2 lookups, §3 "Paged lookup", §7 "lookup source"): every lookup
 * answers its columns under §2's names, pages with start and limit, searches by each of its
 * fields and by queryString across them, lists records in force and enabled only, joins names
 * by code, and the budget lookup answers the rate into each budget's currency.
 */
describe.each(availableBackends())('lookups on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = await t.login(DEMO.staff);
    // An administrator sees every record (data authorisation cuts what others see: below).
    admin = await t.login(DEMO.admin);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const page = async (path: string, body: Record<string, unknown>): Promise<Page> => {
    const r = await t.post<Page>(path, body, { token: admin });
    expect([r.status, r.body.code]).toEqual([200, 0]);
    return r.body.data;
  };

  it.each(LOOKUPS.map((d) => [d.code, d] as [string, LookupDef]))('%s answers exactly its columns and carried fields, a page of 10', async (code, def) => {
    const p = await page(l[code as keyof typeof l].path, { start: 1, limit: LOOKUP_DEFAULT_PAGE_SIZE });
    expect(p.total).toBeGreaterThan(0);
    expect(p.rows.length).toBe(Math.min(LOOKUP_DEFAULT_PAGE_SIZE, p.total));
    const extra = code === 'budget' ? ['currencyName', 'exchangeRate'] : [];
    for (const row of p.rows) expect(Object.keys(row).sort()).toEqual([...lookupFields(def).map((x) => x.name), ...extra].sort());
  });

  it('pages through the 500 accounts in account-number order, no row twice, names joined by code', async () => {
    const seen: string[] = [];
    for (let start = 1; start <= ACCOUNT_COUNT / 100; start += 1) {
      const p = await page(l.account.path, { start, limit: 100 });
      expect(p.total).toBe(ACCOUNT_COUNT);
      seen.push(...p.rows.map((r) => String(r.acctNo)));
    }
    expect(seen).toEqual(accountRows().map((a) => a.acctNo));
    const first = accountRows()[0]!;
    const [row] = (await page(l.account.path, { start: 1, limit: 1, acctNo: first.acctNo })).rows;
    expect(row).toMatchObject({ acctNo: first.acctNo, acctName: first.acctName, orgName: ORGANISATIONS.find((o) => o.orgCode === first.orgCode)!.orgName, currencyCode: first.currencyCode, acctNature: first.acctNature });
    expect(row!.currencyName).toEqual(expect.any(String));
    // The payment account lookup lists the same accounts without the nature.
    const [pay] = (await page(l['payment-account'].path, { start: 1, limit: 1, acctNo: first.acctNo })).rows;
    expect(pay).not.toHaveProperty('acctNature');
  });

  it('searches by each field (contains, any case) and by queryString across them; % and _ match themselves', async () => {
    const byName = await page(l.organisation.path, { start: 1, limit: 10, orgName: '广州' });
    expect(byName.rows.map((r) => r.orgCode)).toEqual(['GZ01']);
    expect(byName.rows[0]).toMatchObject({ orgPropery: '非法人', settCenter: false });
    expect((await page(l.organisation.path, { start: 1, limit: 10, orgCode: 'sc0' })).rows.map((r) => r.orgCode)).toEqual(['SC01']);
    expect((await page(l.organisation.path, { start: 1, limit: 10, queryString: 'sh01' })).rows.map((r) => r.orgCode)).toEqual(['SH01']);
    expect(await page(l.organisation.path, { start: 1, limit: 10, orgName: '%' })).toEqual({ rows: [], total: 0 });
    const users = await page(l.user.path, { start: 1, limit: 10, userCode: 'staff' });
    expect(users.rows).toContainEqual({ userCode: 'staff', userName: expect.any(String) });
    const net = await page(l['cooperative-network'].path, { start: 1, limit: 10, countryName: '日本' });
    expect(net.total).toBeGreaterThan(0);
    for (const r of net.rows) expect(r.countryName).toBe('日本');
    const contact = contactAccountRows()[0]!;
    const customers = await page(l.customer.path, { start: 1, limit: 10, accountNo: contact.accountNo });
    expect(customers.rows[0]).toMatchObject({ accountNo: contact.accountNo, accountName: contact.accountName, contactsOrgName: counterPartyRows().find((c) => c.counterPartyCode === contact.counterPartyCode)!.counterPartyName, contactsOrgProperty: '对公' });
    expect(String(customers.rows[0]!.bankName)).toMatch(/银行/);
    const banks = await page(l.bank.path, { start: 1, limit: 10, name: '工商银行北京' });
    for (const r of banks.rows) expect([r.directCode, String(r.cnapsCode).slice(0, 3)]).toEqual(['102', '102']);
  });

  it('lists only records in force and enabled', async () => {
    await sql`update org set enabled = false where org_code = 'GZ01'`.execute(t.db);
    try {
      expect((await page(l.organisation.path, { start: 1, limit: 10, orgName: '广州' })).total).toBe(0);
    } finally {
      await sql`update org set enabled = true where org_code = 'GZ01'`.execute(t.db);
    }
  });

  it("answers the budget's rate from the business currency into its own, and the currency's name", async () => {
    const usd = budgetRows().find((b) => b.currencyCode === 'USD')!;
    const cny = budgetRows().find((b) => b.currencyCode === 'CNY')!;
    const [inUsd] = (await page(l.budget.path, { start: 1, limit: 1, budgetCode: usd.budgetCode, currencyCode: 'CNY' })).rows;
    expect(inUsd).toMatchObject({ budgetCode: usd.budgetCode, budgetCurrencyCode: 'USD', currencyName: '人民币', usedAmount: usd.usedAmount });
    expect(Number(inUsd!.exchangeRate)).toBeGreaterThan(0.08);
    expect(Number(inUsd!.exchangeRate)).toBeLessThan(0.25);
    const [same] = (await page(l.budget.path, { start: 1, limit: 1, budgetCode: cny.budgetCode, currencyCode: 'CNY' })).rows;
    expect(same!.exchangeRate).toBe(1);
  });

  it('refuses a body field the lookup does not take, and a caller without a session', async () => {
    expect((await t.post(l.organisation.path, { start: 1, limit: 10, orgType: 'HQ' }, { token: staff })).status).toBe(400);
    expect((await t.post(l.organisation.path, { start: 1, limit: 10 })).status).toBe(401);
  });
  it('cuts a scoped source to the caller’s grants: staff without grants see no organisation or account, every user', async () => {
    const orgs = await t.post<Page>(l.organisation.path, { start: 1, limit: 10 }, { token: staff });
    expect([orgs.body.code, orgs.body.data.total]).toEqual([0, 0]);
    const accounts = await t.post<Page>(l.account.path, { start: 1, limit: 10 }, { token: staff });
    expect([accounts.body.code, accounts.body.data.total]).toEqual([0, 0]);
    // Users are not scoped data.
    const users = await t.post<Page>(l.user.path, { start: 1, limit: 10 }, { token: staff });
    expect(users.body.data.total).toBeGreaterThan(0);
  });
});
