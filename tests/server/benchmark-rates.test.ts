import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; recordState: string };
type Rate = Row & { rateCode: string; rateValue: number; sourceNo: string };

/**
 * Benchmark rates (docs/resources.md, "Benchmark rates"): published by approved rate-add
 * applications, corrected by approved rate-change applications, never typed; a change holds the
 * rate it was written against to the one in force, on every save and on the approving pass.
 */
describe.each(availableBackends())('benchmark rates on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    staff = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, token = admin, lang?: string) => t.post<T>(path, body, { token, lang });
  const rate = async (rateCode: string) => (await post<{ rows: Rate[] }>('/api/fsmc/rate/query', { start: 1, limit: 10, rateType: rateCode.split('-')[0] }, staff)).body.data.rows.find((r) => r.rateCode === rateCode);
  /** Staff write and submit, an administrator passes: four eyes. */
  const approved = async (family: string, body: Record<string, unknown>) => {
    const submitted = await post(`/api/fsmc/${family}/save-and-submit`, body, staff);
    expect(submitted.body.code).toBe(0);
    const passed = await post(`/api/fsmc/${family}/review`, { id: submitted.body.data.id, version: submitted.body.data.version, decision: 'pass' });
    expect([passed.body.code, passed.body.data?.recordState]).toEqual([0, 'approved']);
    return passed.body.data;
  };

  it('lists the rates the seeded applications published, newest first, and takes no writes', async () => {
    const page = await post<{ rows: Rate[]; total: number }>('/api/fsmc/rate/query', { start: 1, limit: 20 }, staff);
    const rows = page.body.data.rows;
    expect(page.body.data.total).toBe(11);
    const dates = rows.map((r) => String(r.effectiveDate));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(rows.find((r) => r.rateCode === 'LPR-CNY-1Y-20250520')).toMatchObject({ rateType: 'LPR', currencyCode: 'CNY', tenor: '1Y', rateValue: 3, effectiveDate: '2025-05-20', sourceNo: 'RA000010', recordState: 'approved', enabled: true });
    expect(rows.find((r) => r.rateCode === 'DEPOSIT-CNY-3Y-20151024')).toMatchObject({ rateValue: 2.75, sourceNo: 'RA000005' });
    expect((await post('/api/fsmc/rate/add', { rateCode: 'X', rateType: 'LPR', currencyCode: 'CNY', tenor: '1Y', rateValue: 1, effectiveDate: '2026-01-01', sourceNo: 'X' })).status).toBe(404);
  });

  it('publishes a rate when its addition is approved, and replaces its value when another addition for the same day is', async () => {
    const addition = { rateType: 'LPR', currencyCode: 'CNY', tenor: '1Y', rateValue: 2.95, effectiveDate: '2026-06-22' };
    const submitted = await post('/api/fsmc/rate-add/save-and-submit', addition, staff);
    // Submitted, not yet approved: nothing is published.
    expect(await rate('LPR-CNY-1Y-20260622')).toBeUndefined();
    await post('/api/fsmc/rate-add/review', { id: submitted.body.data.id, version: 1, decision: 'pass' });
    expect(await rate('LPR-CNY-1Y-20260622')).toMatchObject({ rateValue: 2.95, sourceNo: submitted.body.data.applyNo, rateType: 'LPR', currencyCode: 'CNY', tenor: '1Y', effectiveDate: '2026-06-22', version: 1 });
    const second = await approved('rate-add', { ...addition, rateValue: 2.9 });
    expect(await rate('LPR-CNY-1Y-20260622')).toMatchObject({ rateValue: 2.9, sourceNo: second.applyNo, version: 2 });
  });

  it('refuses a change against a rate not in force, against a value it no longer has, or to the value it has, writing nothing', async () => {
    const change = { rateCode: 'LPR-CNY-5Y-20250520', oldValue: 3.5, newValue: 3.45, reason: '更正' };
    const unknown = await post('/api/fsmc/rate-change/add', { ...change, rateCode: 'LPR-CNY-5Y-20990101' }, staff, 'en-US');
    expect([unknown.body.code, unknown.body.msg]).toEqual([CODE.benchmarkRateUnknown, 'Benchmark rate LPR-CNY-5Y-20990101 is not in force']);
    const moved = await post('/api/fsmc/rate-change/add', { ...change, oldValue: 3.6 }, staff, 'en-US');
    expect([moved.body.code, moved.body.msg]).toEqual([CODE.benchmarkRateMoved, 'Benchmark rate LPR-CNY-5Y-20250520 is now 3.5 %, not 3.6 %: pick the rate again']);
    const same = await post('/api/fsmc/rate-change/add', { ...change, newValue: 3.5 }, staff);
    expect([same.body.code, same.body.msg]).toEqual([CODE.benchmarkRateUnchanged, '新利率与现行利率（3.5%）相同']);
    const draft = await post('/api/fsmc/rate-change/add', change, staff);
    expect(draft.body.code).toBe(0);
    const edited = await post('/api/fsmc/rate-change/update', { id: draft.body.data.id, version: 1, ...change, oldValue: 3.4 }, staff);
    expect(edited.body.code).toBe(CODE.benchmarkRateMoved);
    const list = await post<{ total: number }>('/api/fsmc/rate-change/query', { start: 1, limit: 10, rateCode: 'LPR-CNY-5Y-20250520' }, staff);
    expect(list.body.data.total).toBe(1);
    expect(await rate('LPR-CNY-5Y-20250520')).toMatchObject({ rateValue: 3.5, sourceNo: 'RA000011' });
  });

  it('corrects the rate when a change is approved; a second change written against the old value is refused on its pass and stays for review', async () => {
    const change = { rateCode: 'LPR-CNY-1Y-20241021', oldValue: 3.1, newValue: 3.15, reason: '公布更正' };
    const first = await post('/api/fsmc/rate-change/save-and-submit', change, staff);
    const second = await post('/api/fsmc/rate-change/save-and-submit', { ...change, newValue: 3.2 }, staff);
    expect([first.body.code, second.body.code]).toEqual([0, 0]);
    expect(first.body.data.applyNo).toMatch(/^RC\d{6}$/);
    const passed = await post('/api/fsmc/rate-change/review', { id: first.body.data.id, version: 1, decision: 'pass' });
    expect(passed.body.code).toBe(0);
    expect(await rate('LPR-CNY-1Y-20241021')).toMatchObject({ rateValue: 3.15, sourceNo: first.body.data.applyNo, version: 2 });
    const late = await post('/api/fsmc/rate-change/review', { id: second.body.data.id, version: 1, decision: 'pass' });
    expect([late.body.code, late.body.msg]).toEqual([CODE.benchmarkRateMoved, '基准利率“LPR-CNY-1Y-20241021”现为 3.15%，不是 3.1%：请重新选择该利率']);
    const kept = await t.get<Row>(`/api/fsmc/rate-change/query-by-/${second.body.data.id}`, undefined, { token: admin });
    expect([kept.body.data.recordState, kept.body.data.version]).toEqual(['submitted', 1]);
    expect(await rate('LPR-CNY-1Y-20241021')).toMatchObject({ rateValue: 3.15 });
    // Sent back, corrected against the rate now in force, submitted again: it applies.
    expect((await post('/api/fsmc/rate-change/review', { id: second.body.data.id, version: 1, decision: 'back', comment: '请按现行利率重填' })).body.code).toBe(0);
    const again = await post('/api/fsmc/rate-change/update-and-submit', { id: second.body.data.id, version: 2, ...change, newValue: 3.2, oldValue: 3.15 }, staff);
    expect(again.body.code).toBe(0);
    expect((await post('/api/fsmc/rate-change/review', { id: second.body.data.id, version: 3, decision: 'pass' })).body.code).toBe(0);
    expect(await rate('LPR-CNY-1Y-20241021')).toMatchObject({ rateValue: 3.2, sourceNo: second.body.data.applyNo, version: 3 });
  });

  it('publishes, in migration 0031, the rates of the approved additions a database held before it: the one updated last for a day', async () => {
    const all = async () => (await post<{ rows: Rate[] }>('/api/fsmc/rate/query', { start: 1, limit: 50 }, staff)).body.data.rows.map((r) => [r.rateCode, r.rateValue, r.sourceNo]).sort();
    // The rates the additions published (the first test's second addition replaced its day's value).
    const published = (await all()).filter(([code]) => !String(code).startsWith('LPR-CNY-1Y-20241021'));
    await sql`delete from benchmark_rate`.execute(t.db);
    const { publishApprovedRates } = await import('../../server/db/migrations/0031_benchmark_rates');
    await publishApprovedRates(t.db);
    expect((await all()).filter(([code]) => !String(code).startsWith('LPR-CNY-1Y-20241021'))).toEqual(published);
  });

  it('offers the rates in force in the magnifier, with the value a change starts from', async () => {
    const found = await post<{ rows: Array<Record<string, unknown>>; total: number }>('/api/fsmc/lookup/benchmark-rate', { start: 1, limit: 10, queryString: 'deposit-cny-3' }, staff);
    expect(found.body.data.rows).toEqual([
      { rateCode: 'DEPOSIT-CNY-3M-20151024', rateType: 'DEPOSIT', currencyCode: 'CNY', tenor: '3M', rateValue: 1.1, effectiveDate: '2015-10-24' },
      { rateCode: 'DEPOSIT-CNY-3Y-20151024', rateType: 'DEPOSIT', currencyCode: 'CNY', tenor: '3Y', rateValue: 2.75, effectiveDate: '2015-10-24' },
    ]);
  });
});
