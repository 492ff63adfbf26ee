import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { contract } from '../../src/shared/contract';
import { CODE } from '../../src/shared/codes';
import { SELECT_SCROLL_PAGE_SIZE } from '../../src/shared/constants';
import { countryRows } from '../../server/db/seed-data/countries';
import { cityRows, provinceRows } from '../../server/db/seed-data/regions';
import { ORGANISATIONS } from '../../server/db/seed-data/resources-misc';
import { ACCOUNT_COUNT } from '../../server/db/seed-data/lookup-data';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

jest.setTimeout(120_000);

type Page = { rows: Array<Record<string, string>>; total: number };
const s = contract.scroll;

/**
 * Issue 12 point 3 (widgets §2 "Scroll dropdowns", §3 "Paged lookup", §4 "Scroll lookup"):
 * each source pages with start and limit, filters on label or value in either language,
 * answers the total of the filter, only records in force and enabled, and the city source
 * only within the province it is given.
 */
describe.each(availableBackends())('scroll dropdown sources on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let reader: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = await t.login(DEMO.staff);
    // An administrator sees every record (data authorisation cuts what others see: below); the
    // checker, since a test below logs the admin in for itself.
    reader = await t.login(DEMO.checker);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const page = async (path: string, body: Record<string, unknown>, lang?: string): Promise<Page> => {
    const r = await t.post<Page>(path, body, { token: reader, ...(lang ? { lang } : {}) });
    expect([r.status, r.body.code]).toEqual([200, 0]);
    return r.body.data;
  };

  it('pages through every country, 15 a page, sorted by code, with the total on each page and no row twice', async () => {
    const total = countryRows().length;
    const seen: string[] = [];
    const pages = Math.ceil(total / SELECT_SCROLL_PAGE_SIZE);
    for (let start = 1; start <= pages; start += 1) {
      const p = await page(s.country.path, { start, limit: SELECT_SCROLL_PAGE_SIZE });
      expect(p.total).toBe(total);
      expect(p.rows.length).toBe(start < pages ? SELECT_SCROLL_PAGE_SIZE : total - (pages - 1) * SELECT_SCROLL_PAGE_SIZE);
      for (const row of p.rows) expect(Object.keys(row).sort()).toEqual(['countryCode', 'countryName']);
      seen.push(...p.rows.map((r) => r.countryCode!));
    }
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(total);
    // Past the end: no rows, the same total.
    expect(await page(s.country.path, { start: pages + 1, limit: SELECT_SCROLL_PAGE_SIZE })).toEqual({ rows: [], total });
  });

  it('filters on the label in either language or on the code; `%` and `_` match themselves; the label follows the reader', async () => {
    const zh = await page(s.country.path, { start: 1, limit: 15, query: '法国' });
    expect(zh.rows).toContainEqual({ countryCode: 'FR', countryName: '法国' });
    expect(zh.total).toBe(zh.rows.length);
    const en = await page(s.country.path, { start: 1, limit: 15, query: 'france' }, 'en-US');
    expect(en.rows).toContainEqual({ countryCode: 'FR', countryName: 'France' });
    const byCode = await page(s.country.path, { start: 1, limit: 15, query: 'fr' });
    expect(byCode.rows.map((r) => r.countryCode)).toContain('FR');
    expect(await page(s.country.path, { start: 1, limit: 15, query: '%' })).toEqual({ rows: [], total: 0 });
    expect(await page(s.country.path, { start: 1, limit: 15, query: '_' })).toEqual({ rows: [], total: 0 });
    // The exact value names a stored code's label.
    expect(await page(s.country.path, { start: 1, limit: 1, value: 'CN' })).toEqual({ rows: [{ countryCode: 'CN', countryName: '中国' }], total: 1 });
  });

  it('lists organisations and users by their names, stored by their codes', async () => {
    const orgs = await page(s.organisation.path, { start: 1, limit: 100 });
    expect(orgs.total).toBe(ORGANISATIONS.length);
    expect(orgs.rows[0]).toEqual({ orgCode: expect.any(String), orgName: expect.any(String) });
    const users = await page(s.user.path, { start: 1, limit: 15, query: 'staff' });
    expect(users.rows.map((r) => r.userCode)).toContain('staff');
    expect(users.rows[0]).toEqual({ userCode: expect.any(String), userName: expect.any(String) });
  });

  it('lists the 500 seeded accounts with their currency, and financial offices by name and code', async () => {
    const first = await page(s.account.path, { start: 1, limit: SELECT_SCROLL_PAGE_SIZE });
    expect(first.total).toBe(ACCOUNT_COUNT);
    expect(first.rows).toHaveLength(SELECT_SCROLL_PAGE_SIZE);
    for (const row of first.rows) expect(Object.keys(row).sort()).toEqual(['acctName', 'acctNo', 'currencyName']);
    const usd = await page(s.account.path, { start: 1, limit: 100, query: 'USD' });
    expect(usd.total).toBeGreaterThan(0);
    const en = await page(s.account.path, { start: 1, limit: 1, value: first.rows[0]!.acctNo }, 'en-US');
    expect(en.rows[0]!.currencyName).toMatch(/^[A-Za-z .'()-]+$/);
    const offices = await page(s.office.path, { start: 1, limit: 100 });
    expect(offices.total).toBeGreaterThan(0);
    expect(Object.keys(offices.rows[0]!).sort()).toEqual(['code', 'name']);
  });

  it('lists only records in force and enabled', async () => {
    await sql`update country set enabled = false where country_code = 'FR'`.execute(t.db);
    expect((await page(s.country.path, { start: 1, limit: 15, query: 'FR' })).rows.map((r) => r.countryCode)).not.toContain('FR');
    expect((await page(s.country.path, { start: 1, limit: 15 })).total).toBe(countryRows().length - 1);
    await sql`update country set enabled = true where country_code = 'FR'`.execute(t.db);
  });

  it("lists a province's cities only, and refuses a city list without a province (400)", async () => {
    const provinces = await page(s.province.path, { start: 1, limit: 100 });
    expect(provinces.total).toBe(provinceRows().length);
    const hebei = provinces.rows.find((r) => r.provinceName === '河北省')!;
    const expected = cityRows().filter((c) => c.provinceCode === hebei.provinceCode);
    const first = await page(s.city.path, { start: 1, limit: 5, provinceCode: hebei.provinceCode });
    expect(first.total).toBe(expected.length);
    expect(first.rows.length).toBe(5);
    for (const row of first.rows) expect(row.provinceCode).toBe(hebei.provinceCode);
    const filtered = await page(s.city.path, { start: 1, limit: 15, provinceCode: hebei.provinceCode, query: '石家庄' });
    expect(filtered.rows.map((r) => r.cityName)).toEqual(['石家庄市']);
    // A city of another province is not found under this one.
    expect((await page(s.city.path, { start: 1, limit: 15, provinceCode: hebei.provinceCode, query: '广州' })).total).toBe(0);
    for (const body of [{ start: 1, limit: 15 }, { start: 1, limit: 15, provinceCode: '' }, { start: 1, limit: 15, provinceCode: 'x1' }]) {
      expect((await t.post(s.city.path, body, { token: staff })).status).toBe(400);
    }
  });

  it("a counterparty's city needs its province (2100) and must be one of that province's cities (2101), in the reader's language", async () => {
    const admin = await t.login(DEMO.admin);
    const add = async (body: Record<string, unknown>, lang?: string) =>
      (await t.post('/api/fsmc/counter-party/add', { counterPartyName: `省市对手${Math.random()}`, counterPartyType: 'ENTERPRISE', countryCode: 'CN', ...body }, { token: admin, ...(lang ? { lang } : {}) })).body;
    const guangzhou = cityRows().find((c) => c.cityName === '广州市')!;
    const zh = await add({ cityCode: guangzhou.cityCode });
    expect([zh.code, zh.msg]).toEqual([CODE.scrollNeedsField, '选择所在城市前须先选择所在省份']);
    const en = await add({ cityCode: guangzhou.cityCode }, 'en-US');
    expect([en.code, en.msg]).toEqual([CODE.scrollNeedsField, 'A City needs a Province first']);
    const hebei = provinceRows().find((p) => p.provinceName === '河北省')!;
    const wrong = await add({ provinceCode: hebei.provinceCode, cityCode: guangzhou.cityCode });
    expect([wrong.code, wrong.msg]).toEqual([CODE.scrollValueUnknown, `所在城市“${guangzhou.cityCode}”不存在或已停用`]);
    expect((await add({ countryCode: 'QQ' })).code).toBe(CODE.scrollValueUnknown);
    const saved = await add({ provinceCode: guangzhou.provinceCode, cityCode: guangzhou.cityCode });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ provinceCode: guangzhou.provinceCode, cityCode: guangzhou.cityCode });
    // A province alone is fine; so is neither.
    expect((await add({ provinceCode: hebei.provinceCode })).code).toBe(0);
    expect((await add({})).code).toBe(0);
  });

  it('refuses bad paging and unknown fields before any SQL, and needs a session', async () => {
    for (const body of [{ start: 0, limit: 15 }, { start: 1, limit: 0 }, { start: 1, limit: 15, query: 'x'.repeat(101) }, { start: 1, limit: 15, extra: 1 }]) {
      expect((await t.post(s.country.path, body, { token: staff })).status).toBe(400);
    }
    expect((await t.post(s.country.path, { start: 1, limit: 15 })).status).toBe(401);
  });
  it('cuts the organisation and account dropdowns to the caller’s grants; countries are for everyone', async () => {
    for (const path of [s.organisation.path, s.account.path]) {
      const cut = await t.post<Page>(path, { start: 1, limit: 15 }, { token: staff });
      expect([cut.body.code, cut.body.data.total]).toEqual([0, 0]);
    }
    expect((await t.post<Page>(s.country.path, { start: 1, limit: 15 }, { token: staff })).body.data.total).toBeGreaterThan(0);
  });
});
