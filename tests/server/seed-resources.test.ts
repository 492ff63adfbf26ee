import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import fs from 'node:fs';
import { availableBackends, tempDir } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { MAX_PARAMETERS, insertChunked, seedResources } from '../../server/db/seed-resources';
import { currencyRows } from '../../server/db/seed-data/currencies';
import { countryRows } from '../../server/db/seed-data/countries';
import { cityRows, provinceRows } from '../../server/db/seed-data/regions';
import { bankRows } from '../../server/db/seed-data/banks';
import { lineNumberRows } from '../../server/db/seed-data/line-numbers';
import { PAIR_LEVELS } from '../../server/db/seed-data/exchange-rates';
import { DICTIONARIES } from '../../server/db/seed-data/dictionaries';
import { DEPARTMENTS, ORGANISATIONS, SYS_PARAM_SETTINGS, counterPartyRows, rateAddRows } from '../../server/db/seed-data/resources-misc';

type Page = { rows: Array<Record<string, unknown>>; total: number };

/**
 * Issue 10's reference records are in every new database: the template the server tests
 * clone was seeded by seedIfEmpty exactly as a first start seeds one, and the resource routes
 * read the seeded rows back.
 */
describe.each(availableBackends())('seeded resources on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const count = async (table: string) => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.db);
    return rows[0]!.n;
  };

  it('holds every generated row of each reference table', async () => {
    expect(await count('currency')).toBe(currencyRows().length);
    expect(await count('country')).toBe(countryRows().length);
    expect(await count('province')).toBe(provinceRows().length);
    expect(await count('city')).toBe(cityRows().length);
    expect(await count('bank')).toBe(bankRows().length);
    expect(await count('line_number')).toBe(lineNumberRows().length);
    expect(await count('dictionary_type')).toBe(DICTIONARIES.length);
    expect(await count('dictionary_item')).toBe(DICTIONARIES.reduce((n, d) => n + d.items.length, 0));
    expect(await count('org')).toBe(ORGANISATIONS.length);
    expect(await count('department')).toBe(DEPARTMENTS.length);
    expect(await count('counter_party')).toBe(counterPartyRows().length);
    expect(await count('sys_param_setting')).toBe(SYS_PARAM_SETTINGS.length);
    expect(await count('rate_add')).toBe(rateAddRows().length);
  });

  it('holds a year of weekday rates for each pair, up to the day it was seeded', async () => {
    const { rows } = await sql<{ days: number; pairs: number; n: number; last: string }>`
      select count(distinct rate_date)::int as days, count(distinct (source_currency, target_currency))::int as pairs,
             count(*)::int as n, to_char(max(rate_date), 'YYYY-MM-DD') as last
      from exchange_rate`.execute(t.db);
    const r = rows[0]!;
    expect(r.pairs).toBe(PAIR_LEVELS.length + 1);
    expect(r.n).toBe(r.days * r.pairs);
    expect(r.days).toBeGreaterThanOrEqual(260);
    expect(r.days).toBeLessThanOrEqual(262);
    // The template was seeded at the start of this run: its last rate is a recent weekday.
    const ageDays = (Date.now() - Date.parse(`${r.last}T00:00:00Z`)) / 86_400_000;
    expect(ageDays).toBeGreaterThan(-1.5);
    expect(ageDays).toBeLessThan(4);
  });

  it('leaves the record columns at their defaults: approved, enabled, version 1', async () => {
    const { rows } = await sql<{ state: string; enabled: boolean; version: number }>`
      select distinct record_state as state, enabled, version from line_number`.execute(t.db);
    expect(rows).toEqual([{ state: 'approved', enabled: true, version: 1 }]);
    const hq = await sql<{ settCenter: boolean; address: string }>`select sett_center, address from org where org_code = 'HQ'`.execute(t.db);
    expect(hq.rows[0]).toEqual({ settCenter: false, address: ORGANISATIONS.find((o) => o.orgCode === 'HQ')!.address });
  });

  // A database seeded before a dictionary existed: its migration adds it, and only once.
  it.each([
    ['StaffType', '0029', [{ value: '1', text: 'Guide editor' }, { value: '2', text: 'Regular staff' }], async () => (await import('../../server/db/migrations/0029_staff_type_dictionary')).up],
    ['DayType', '0030', [{ value: 'HOLIDAY', text: 'Holiday (rest day)' }, { value: 'WORKDAY', text: 'Working day in lieu' }], async () => (await import('../../server/db/migrations/0030_workday_set')).addDayTypes],
  ] as const)('names the %s values, and migration %s adds them to a database seeded before it', async (dictType, _migration, values, migrationOf) => {
    const options = async () => (await t.post('/api/fsmc/common/query/dictionary', [dictType], { token: admin, lang: 'en-US' })).body.data.dictionary;
    const fresh = await options();
    expect(fresh).toEqual({ [dictType]: values });
    await sql`delete from dictionary_item where dict_type = ${dictType}`.execute(t.db);
    await sql`delete from dictionary_type where dict_type = ${dictType}`.execute(t.db);
    const add = await migrationOf();
    await add(t.db);
    await add(t.db);
    expect(await options()).toEqual(fresh);
    expect(await count('dictionary_type')).toBe(DICTIONARIES.length);
  });

  it('answers the seeded rows through the resource routes, in both languages’ columns', async () => {
    const usd = await t.post<Page>('/api/fsmc/currency/query', { start: 1, limit: 10, currencyCode: 'USD' }, { token: admin });
    expect(usd.body.data.rows[0]).toMatchObject({ currencyCode: 'USD', currencyName: '美元', currencyNameEn: 'US Dollar', currencyNumber: '840', decimals: 2 });
    const cn = await t.post<Page>('/api/fsmc/country/query', { start: 1, limit: 10, countryCode: 'CN' }, { token: admin });
    expect(cn.body.data.rows).toContainEqual(expect.objectContaining({ countryCode: 'CN', countryName: '中国', countryNameEn: 'China' }));
    const rates = await t.post<Page>('/api/fsmc/exchange-rate/query', { start: 1, limit: 50, sourceCurrency: 'USD', targetCurrency: 'CNY' }, { token: admin });
    expect(rates.body.data.total).toBeGreaterThanOrEqual(260);
    for (const r of rates.body.data.rows) expect(r.rate).toEqual(expect.any(Number));
    const icbc = await t.post<Page>('/api/fsmc/line-numbers/query', { start: 1, limit: 50, bankCode: '102', lineName: '北京分行营业部' }, { token: admin });
    expect(icbc.body.data.rows.map((r) => r.lineName)).toEqual(['中国工商银行北京分行营业部']);
  });
});

/** The first start's budget: seeding the resources on PGlite stays well under two seconds. */
describe('seeding the resources on a new PGlite database', () => {
  it('inserts every table in chunks under the parameter limit, and logs how long it took', async () => {
    // On disk, as `npm start` opens a new DATA_DIR.
    const dir = tempDir('seed');
    const db = await openDatabase({ dataDir: dir });
    try {
      await migrateToLatest(db);
      // HQ exists before (seedIfEmpty makes it with the demo users).
      await db.insertInto('org').values({ orgCode: 'HQ', orgName: '集团总部', orgNameEn: 'Group headquarters', orgType: 'HQ' }).execute();
      const started = performance.now();
      const counts = await db.transaction().execute((tx) => seedResources(tx, { referenceDate: '2026-03-13' }));
      const ms = performance.now() - started;
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      console.log(`seedResources on PGlite: ${total} rows in ${Math.round(ms)} ms`, counts);
      expect(counts.exchangeRate).toBe(261 * (PAIR_LEVELS.length + 1));
      expect(ms).toBeLessThan(10_000);
      // A table wider than one statement holds goes in several.
      const wideCount = Math.ceil(MAX_PARAMETERS / 4) + 1;
      const wide = Array.from({ length: wideCount }, (_, i) => ({ paramCode: `p${i}`, paramName: 'x', paramValue: 'y', remark: null }));
      await db.transaction().execute((tx) => insertChunked(tx as never, 'sysParamSetting', wide));
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from sys_param_setting`.execute(db);
      expect(rows[0]!.n).toBe(SYS_PARAM_SETTINGS.length + wideCount);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
