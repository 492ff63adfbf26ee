import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Rate = { rateCode: string; rateType: string; tenor: string; rateValue: number; effectiveDate: string; sourceNo: string };

/**
 * The interest rates in force on a day (the menu's 利率 page; docs/resources.md, "Benchmark
 * rates"): for each type, currency and tenor, the latest rate effective on or before the day.
 */
describe.each(availableBackends())('rates in force on %s', (backend) => {
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

  const inForce = async (date: string, token = staff, lang?: string) => t.post<Rate[]>('/api/fsmc/rate/in-force', { date }, { token, lang });
  const lpr = (rows: Rate[]) => rows.filter((r) => r.rateType === 'LPR').map((r) => [r.tenor, r.rateValue, r.effectiveDate]);

  it('answers each rate as it stood on the day: the latest effective on or before it', async () => {
    expect(lpr((await inForce('2024-12-01')).body.data)).toEqual([['1Y', 3.1, '2024-10-21'], ['5Y', 3.6, '2024-10-21']]);
    expect(lpr((await inForce('2024-10-20')).body.data)).toEqual([['1Y', 3.35, '2024-07-22'], ['5Y', 3.85, '2024-07-22']]);
    // On the day a rate takes effect, it is the one in force.
    expect(lpr((await inForce('2025-05-20')).body.data)).toEqual([['1Y', 3, '2025-05-20'], ['5Y', 3.5, '2025-05-20']]);
    const deposits = (await inForce('2025-01-01')).body.data.filter((r) => r.rateType === 'DEPOSIT');
    expect(deposits.map((r) => r.tenor).sort()).toEqual(['1Y', '2Y', '3M', '3Y', '6M']);
    // Before any rate took effect, nothing.
    expect((await inForce('2000-01-01')).body.data).toEqual([]);
  });

  it('follows an approved change of the rate in force', async () => {
    const change = await t.post('/api/fsmc/rate-change/save-and-submit', { rateCode: 'LPR-CNY-5Y-20241021', oldValue: 3.6, newValue: 3.55, reason: '更正' }, { token: staff });
    expect(change.body.code).toBe(0);
    expect((await t.post('/api/fsmc/rate-change/review', { id: change.body.data.id, version: 1, decision: 'pass' }, { token: admin })).body.code).toBe(0);
    expect(lpr((await inForce('2024-12-01')).body.data)).toEqual([['1Y', 3.1, '2024-10-21'], ['5Y', 3.55, '2024-10-21']]);
  });

  it('refuses a day that is not one, in the reader’s language', async () => {
    const bad = await inForce('2025-02-30', staff, 'en-US');
    expect([bad.status, bad.body.msg]).toEqual([400, 'Date: 2025-02-30 is not a valid date']);
    expect((await inForce('yesterday')).status).toBe(400);
  });
});
