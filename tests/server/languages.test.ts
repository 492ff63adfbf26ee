import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; langSymbol: string; enabled: boolean };

/**
 * Languages (docs/resources.md, "Languages"): the language page's enabled rows are the list the
 * login page and the shell's switch offer, in their order and under their names; only languages
 * the portal has messages for are listed, and the last one offered stays enabled.
 */
describe.each(availableBackends())('languages on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ admin, staff } = await t.loginDemo());
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, token = admin, lang?: string) => t.post<T>(path, body, { token, lang });
  const offered = async () => (await t.post<Array<{ langSymbol: string; langName: string }>>('/api/fsmc/login/query/lang-info-list', {})).body.data;
  const offeredInFrame = async () => (await t.post<Array<{ langSymbol: string; langName: string }>>('/api/portal/login/query/lang-info-list', {})).body.data;
  const rows = async () => (await post<{ rows: Row[] }>('/api/fsmc/lang/query', { start: 1, limit: 10 })).body.data.rows;
  const row = async (lang: string) => (await rows()).find((r) => r.langSymbol === lang)!;

  it('offers the two languages as before, in their order and under their names', async () => {
    expect(await offered()).toEqual([{ langSymbol: 'zh-CN', langName: '简体中文' }, { langSymbol: 'en-US', langName: 'English' }]);
    expect(await offeredInFrame()).toEqual(await offered());
  });

  it('offers what the page says: renamed, reordered, disabled; and refuses the last one offered, in the reader’s language', async () => {
    const en = await row('en-US');
    const renamed = await post('/api/fsmc/lang/update', { id: en.id, version: en.version, langName: 'English (US)', sortOrder: 0 });
    expect(renamed.body.code).toBe(0);
    expect(await offered()).toEqual([{ langSymbol: 'en-US', langName: 'English (US)' }, { langSymbol: 'zh-CN', langName: '简体中文' }]);

    const zh = await row('zh-CN');
    expect((await post('/api/fsmc/lang/disable', { id: zh.id, version: zh.version })).body.code).toBe(0);
    expect(await offeredInFrame()).toEqual([{ langSymbol: 'en-US', langName: 'English (US)' }]);
    const last = await row('en-US');
    const refused = await post('/api/fsmc/lang/disable', { id: last.id, version: last.version }, admin, 'en-US');
    expect([refused.body.code, refused.body.msg]).toEqual([CODE.langLastEnabled, 'en-US is the last language offered: enable another first']);
    expect((await row('en-US')).enabled).toBe(true);

    const back = await row('zh-CN');
    expect((await post('/api/fsmc/lang/enable', { id: back.id, version: back.version })).body.code).toBe(0);
    const restored = await row('en-US');
    await post('/api/fsmc/lang/update', { id: restored.id, version: restored.version, langName: 'English', sortOrder: 2 });
    expect(await offered()).toEqual([{ langSymbol: 'zh-CN', langName: '简体中文' }, { langSymbol: 'en-US', langName: 'English' }]);
  });

  it('lists only a language the portal has messages for, and each once', async () => {
    const unknown = await post('/api/fsmc/lang/add', { langSymbol: 'ja-JP', langName: '日本語', sortOrder: 3 });
    expect([unknown.body.code, unknown.body.msg]).toEqual([CODE.langUnsupported, '门户没有ja-JP的文字资源，目前支持：zh-CN, en-US']);
    const twice = await post('/api/fsmc/lang/add', { langSymbol: 'en-US', langName: 'English', sortOrder: 3 });
    expect(twice.body.code).toBe(CODE.recordDuplicate);
    expect((await post('/api/fsmc/lang/add', { langSymbol: 'english', langName: 'x', sortOrder: 3 })).status).toBe(400);
    expect(await rows()).toHaveLength(2);
  });

  it('gives a user whose saved language is no longer offered the one they logged in with, or the first offered', async () => {
    expect((await t.post('/api/fsmc/login/lang-setting', { lang: 'en-US' }, { token: staff })).body.code).toBe(0);
    const en = await row('en-US');
    expect((await post('/api/fsmc/lang/disable', { id: en.id, version: en.version })).body.code).toBe(0);
    try {
      const info = await t.get<{ lang: string }>('/api/fsmc/session/share/query-session-info', undefined, { token: staff, lang: 'en-US' });
      expect(info.body.data.lang).toBe('zh-CN');
      const again = await t.post<{ lang: string }>('/api/fsmc/login/login', { userCode: DEMO.staff.userCode, password: DEMO.staff.password }, { lang: 'en-US' });
      expect(again.body.data.lang).toBe('zh-CN');
    } finally {
      const back = await row('en-US');
      await post('/api/fsmc/lang/enable', { id: back.id, version: back.version });
    }
    // Offered again, the saved choice counts again.
    const restored = await t.post<{ lang: string; JwtToken: string }>('/api/fsmc/login/login', { userCode: DEMO.staff.userCode, password: DEMO.staff.password }, { lang: 'zh-CN' });
    expect(restored.body.data.lang).toBe('en-US');
    // One user, one session: the logins above ended the file's; the next tests use this one.
    staff = restored.body.data.JwtToken;
  });

  it('is administrators’ only', async () => {
    expect((await post('/api/fsmc/lang/query', { start: 1, limit: 10 }, staff)).status).toBe(403);
  });
});
