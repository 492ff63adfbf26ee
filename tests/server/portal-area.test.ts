import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { WORKBENCH_AREA_CODES } from '../../src/shared/workbench-areas';
import { availableBackends } from './support/backends';
import { startTestApp, type TestApp } from './support/test-server';

type Row = { id: number; version: number; areaCode: string; sortOrder: number; shownByDefault: boolean; enabled: boolean };
type Area = { areaCode: string; shown: boolean };

/**
 * Home page areas (docs/workbench.md, "Areas"): the system area settings offer the areas, in
 * their order, shown or not by default; each user orders and hides the offered ones, and a reset
 * brings back the system's. Areas the system stops offering leave every home page at once.
 */
describe.each(availableBackends())('home page areas on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let checker: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ admin, staff, checker } = await t.loginDemo());
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = unknown>(path: string, body: unknown, token = admin, lang?: string) => t.post<T>(path, body, { token, lang });
  const mine = async (token: string) => (await post<Area[]>('/api/portal/area/query-user', {}, token)).body.data;
  const reorder = (token: string, areas: Area[], lang?: string) => post<Area[]>('/api/portal/area/reorder', { areas }, token, lang);
  const system = async () => (await post<{ rows: Row[] }>('/api/fsmc/sys-area-set/query', { start: 1, limit: 20 })).body.data.rows;
  const systemRow = async (code: string) => (await system()).find((r) => r.areaCode === code)!;
  const codes = (areas: Area[]) => areas.map((a) => `${a.areaCode}${a.shown ? '' : ' (hidden)'}`);

  it('offers the five dashboards in their old order, all shown, to a user who placed none', async () => {
    expect((await system()).map((r) => r.areaCode)).toEqual([...WORKBENCH_AREA_CODES]);
    expect(codes(await mine(staff))).toEqual([...WORKBENCH_AREA_CODES]);
  });

  it('keeps a user’s order and choice, for that user only, until they reset', async () => {
    const chosen = [
      { areaCode: 'todo', shown: true },
      { areaCode: 'balances', shown: true },
      { areaCode: 'reminders', shown: false },
    ];
    const saved = await reorder(staff, chosen);
    expect(saved.body.code).toBe(0);
    // The areas left out follow in the system's order, shown as the system shows them.
    const expected = ['todo', 'balances', 'reminders (hidden)', 'cashFlow', 'favourites'];
    expect(codes(saved.body.data)).toEqual(expected);
    expect(codes(await mine(staff))).toEqual(expected);
    expect(codes(await mine(checker))).toEqual([...WORKBENCH_AREA_CODES]);

    const reset = await post<Area[]>('/api/portal/area/reset', {}, staff);
    expect(codes(reset.body.data)).toEqual([...WORKBENCH_AREA_CODES]);
    expect(codes(await mine(staff))).toEqual([...WORKBENCH_AREA_CODES]);
  });

  it('refuses an area offered no more, one named twice and one the portal does not have, in the reader’s language', async () => {
    const cash = await systemRow('cashFlow');
    expect((await post('/api/fsmc/sys-area-set/disable', { id: cash.id, version: cash.version })).body.code).toBe(0);
    try {
      const disabled = await reorder(staff, [{ areaCode: 'cashFlow', shown: true }], 'en-US');
      expect([disabled.body.code, disabled.body.msg]).toEqual([CODE.areaNotOffered, 'The home page offers no area cashFlow: it is unknown, disabled or removed']);
      const twice = await reorder(staff, [{ areaCode: 'todo', shown: true }, { areaCode: 'todo', shown: false }]);
      expect([twice.body.code, twice.body.msg]).toEqual([CODE.areaTwice, '区域todo重复出现']);
      expect((await reorder(staff, [{ areaCode: 'news', shown: true }])).status).toBe(400);
      expect((await post('/api/portal/area/reorder', { areas: [{ areaCode: 'todo' }] }, staff)).status).toBe(400);
      // Nothing of the refused calls was kept.
      expect(codes(await mine(staff))).toEqual(['balances', 'reminders', 'todo', 'favourites']);
    } finally {
      const back = await systemRow('cashFlow');
      await post('/api/fsmc/sys-area-set/enable', { id: back.id, version: back.version });
    }
  });

  it('follows the system: a disabled area leaves a user’s placed page, a new order and default reach those who placed nothing', async () => {
    expect((await reorder(staff, [{ areaCode: 'favourites', shown: true }, { areaCode: 'cashFlow', shown: false }])).body.code).toBe(0);
    const favourites = await systemRow('favourites');
    expect((await post('/api/fsmc/sys-area-set/disable', { id: favourites.id, version: favourites.version })).body.code).toBe(0);
    const balances = await systemRow('balances');
    expect((await post('/api/fsmc/sys-area-set/update', { id: balances.id, version: balances.version, sortOrder: 9, shownByDefault: false })).body.code).toBe(0);
    try {
      expect(codes(await mine(staff))).toEqual(['cashFlow (hidden)', 'reminders', 'todo', 'balances (hidden)']);
      expect(codes(await mine(checker))).toEqual(['cashFlow', 'reminders', 'todo', 'balances (hidden)']);
      // Offered again, the area is back where the user had put it.
      const back = await systemRow('favourites');
      expect((await post('/api/fsmc/sys-area-set/enable', { id: back.id, version: back.version })).body.code).toBe(0);
      expect(codes(await mine(staff))).toEqual(['favourites', 'cashFlow (hidden)', 'reminders', 'todo', 'balances (hidden)']);
    } finally {
      const b = await systemRow('balances');
      await post('/api/fsmc/sys-area-set/update', { id: b.id, version: b.version, sortOrder: 1, shownByDefault: true });
      await post('/api/portal/area/reset', {}, staff);
    }
  });

  it('offers only areas the portal has, once each; the settings are administrators’ only', async () => {
    const unknown = await post('/api/fsmc/sys-area-set/add', { areaCode: 'news', sortOrder: 6, shownByDefault: true });
    expect(unknown.body.code).toBe(CODE.notADictionaryValue);
    const todo = await systemRow('todo');
    expect((await post('/api/fsmc/sys-area-set/disable', { id: todo.id, version: todo.version })).body.code).toBe(0);
    const removed = await systemRow('todo');
    expect((await post('/api/fsmc/sys-area-set/delete', { id: removed.id, version: removed.version })).body.code).toBe(0);
    expect(codes(await mine(staff))).toEqual(['balances', 'cashFlow', 'reminders', 'favourites']);
    const added = await post('/api/fsmc/sys-area-set/add', { areaCode: 'todo', sortOrder: 4, shownByDefault: true });
    expect(added.body.code).toBe(0);
    expect((await post('/api/fsmc/sys-area-set/add', { areaCode: 'todo', sortOrder: 4, shownByDefault: true })).body.code).toBe(CODE.recordDuplicate);
    expect(codes(await mine(staff))).toEqual([...WORKBENCH_AREA_CODES]);
    expect((await post('/api/fsmc/sys-area-set/query', { start: 1, limit: 10 }, staff)).status).toBe(403);
    // Anyone logged in has a home page; no one without a session.
    expect((await t.post('/api/portal/area/query-user', {})).status).toBe(401);
  });

  it('names the areas in the area dictionary, in the reader’s language', async () => {
    const dict = await post<{ constant: Record<string, Array<{ value: string; text: string }>> }>('/api/fsmc/common/query/dictionary', ['WorkbenchArea'], admin, 'en-US');
    expect(dict.body.data.constant.WorkbenchArea?.map((i) => i.text)).toEqual(['Balances', 'Cash flow', 'My reminders', 'To-do tasks', 'Often-used menus']);
  });
});
