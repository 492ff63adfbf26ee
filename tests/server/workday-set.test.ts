import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; calendarDate: string; dayType: string };

/**
 * The workday calendar (src/resources/defs/workday-set.ts): one row a date, its day type from the
 * DayType dictionary, the date the record's key.
 */
describe.each(availableBackends())('workday settings on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, lang?: string) => t.post<T>(path, body, { token: admin, lang });

  it('keeps a holiday and a working day in lieu, one row a date, found by a date range', async () => {
    const holiday = await post('/api/fsmc/workday-set/add', { calendarDate: '2026-10-01', dayType: 'HOLIDAY', dayName: '国庆节' });
    expect(holiday.body).toMatchObject({ code: 0, data: { calendarDate: '2026-10-01', dayType: 'HOLIDAY', recordState: 'approved', enabled: true } });
    expect((await post('/api/fsmc/workday-set/add', { calendarDate: '2026-09-27', dayType: 'WORKDAY', dayName: '国庆节调休' })).body.code).toBe(0);
    const again = await post('/api/fsmc/workday-set/add', { calendarDate: '2026-10-01', dayType: 'WORKDAY' }, 'en-US');
    expect([again.body.code, again.body.msg]).toEqual([CODE.recordDuplicate, 'Date 2026-10-01 already exists']);
    // The form asks on blur whether a date is taken, typed whole or not.
    const taken = (value: string) => post<{ repeat: boolean }>('/api/fsmc/workday-set/check-repeat', { field: 'calendarDate', value }).then((r) => [r.status, r.body.data?.repeat]);
    expect([await taken('2026-10-01'), await taken('2026-10-02'), await taken('2026-10'), await taken(''), await taken('2026-02-30')]).toEqual([[200, true], [200, false], [200, false], [200, false], [200, false]]);
    const range = await post<{ rows: Row[]; total: number }>('/api/fsmc/workday-set/query', { start: 1, limit: 10, calendarDateFrom: '2026-09-01', calendarDateTo: '2026-09-30' });
    expect(range.body.data.rows.map((r) => [r.calendarDate, r.dayType])).toEqual([['2026-09-27', 'WORKDAY']]);
  });

  it('refuses a day type that is not in the dictionary and a date that is not one, writing nothing', async () => {
    const type = await post('/api/fsmc/workday-set/add', { calendarDate: '2026-12-25', dayType: 'PARTY' });
    expect([type.body.code, type.body.msg]).toEqual([CODE.notADictionaryValue, '日期类型「PARTY」不是可选的值']);
    const day = await post('/api/fsmc/workday-set/add', { calendarDate: '2026-02-30', dayType: 'HOLIDAY' });
    expect(day.status).toBe(400);
    const all = await post<{ rows: Row[]; total: number }>('/api/fsmc/workday-set/query', { start: 1, limit: 10, calendarDateFrom: '2026-12-01', calendarDateTo: '2026-12-31' });
    expect(all.body.data.total).toBe(0);
  });
});
