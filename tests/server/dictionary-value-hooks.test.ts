import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Answer = { code: number; msg: string; data: Record<string, unknown> | null };

/**
 * A dictionary's value is unique within its dictionary (issue 11 point 6: the values edited in
 * place): a second one is refused with 1404 in the reader's language, not a server error; the
 * same value in another dictionary is fine.
 */
describe.each(availableBackends())('dictionary values on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const add = async (body: Record<string, unknown>, lang?: string) => {
    const res = await t.post<Answer['data']>('/api/fsmc/dictionary-value/add', body, { token: admin, lang });
    return res.body as Answer;
  };
  const value = (dictType: string, v: string) => ({ dictType, value: v, textZh: `${v}个月`, textEn: `${v} months`, sort: 95 });

  it('adds a new value to a dictionary and refuses the same value again, naming the field', async () => {
    const first = await add(value('Tenor', '18M'));
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ dictType: 'Tenor', value: '18M', recordState: 'approved', enabled: true });
    const zh = await add(value('Tenor', '18M'));
    expect([zh.code, zh.msg]).toEqual([CODE.recordDuplicate, '值「18M」已存在']);
    const en = await add(value('Tenor', '1M'), 'en-US');
    expect(en.code).toBe(CODE.recordDuplicate);
    expect(en.msg).toContain('1M');
  });

  it('allows the same value in another dictionary', async () => {
    const other = await add(value('RateType', '18M'));
    expect(other.code).toBe(0);
  });
});
