import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DEFAULT_NAV_COLOR, DEFAULT_THEME, OFTEN_MENU_MAX, PAGE_LIMIT_MAX, REMIND_POPUP_MAX } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { FUNCTION_TREE, STAFF_FUNCTION_IDS, flattenFunctions, subtreeIds } from '../../server/db/seed-data/functions';
import { createDuty, dutyFunctionIds, setDutyFunctions, setUserDuties, UnknownIdsError } from '../../server/services/duties';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';
import type { MenuRow } from '../../server/services/menu';

jest.setTimeout(60_000);

type Row = MenuRow;

const ALL = flattenFunctions();
const ADMIN_ONLY_PAGE = 70102; // password rules
const STAFF_PAGE = 40301; // exchange rates
const STAFF_PAGE_2 = 50101; // currencies
const GROUP = 403; // a second-level group, no page of its own

/** Issue 5 points 3, 6, 7 and 8: menu from duty grants, often-used and default menus, themes, reminders. */
describe.each(availableBackends())('menu and per-user settings on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    staff = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t.dispose();
  });

  const menu = async (token: string, lang?: string) => (await t.post<Row[]>('/api/fsmc/auth/userMenu/query-user-menu', {}, { token, lang })).body.data;
  const userId = async (userCode: string) => (await t.db.selectFrom('appUser').select('id').where('userCode', '=', userCode).executeTakeFirstOrThrow()).id;

  it('shows the administrator every function and staff only their duty\'s, in the request language', async () => {
    const a = await menu(admin);
    const s = await menu(staff);
    expect(a.map((r) => r.id).sort((x, y) => x - y)).toEqual(ALL.map((f) => f.id).sort((x, y) => x - y));
    expect(s.map((r) => r.id).sort((x, y) => x - y)).toEqual(subtreeIds(STAFF_FUNCTION_IDS).sort((x, y) => x - y));
    expect(s.some((r) => r.id === ADMIN_ONLY_PAGE)).toBe(false);
    expect(a.find((r) => r.id === ADMIN_ONLY_PAGE)).toEqual({ id: ADMIN_ONLY_PAGE, fatherFunctionId: 701, functionName: '密码规则', funcUrl: '/password-rule', funcOrder: 2, oftenUsed: 0 });
    expect((await menu(admin, 'en-US')).find((r) => r.id === ADMIN_ONLY_PAGE)?.functionName).toBe('Password rules');
    // Ordered by display order, then id.
    const keys = a.map((r) => [r.funcOrder, r.id] as const);
    expect(keys).toEqual([...keys].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
    expect(a.filter((r) => r.fatherFunctionId === null)).toHaveLength(FUNCTION_TREE.length);
  });

  it('computes the menu from grants: a leaf granted alone brings its ancestors, a revoked duty takes it away', async () => {
    const dutyId = await createDuty(t.db, { dutyCode: 'RULES', dutyName: '密码规则维护', dutyNameEn: 'Password rule keeper' });
    await setDutyFunctions(t.db, dutyId, [ADMIN_ONLY_PAGE]);
    expect(await dutyFunctionIds(t.db, dutyId)).toEqual([ADMIN_ONLY_PAGE]);
    const staffId = await userId('staff');
    const staffDuty = (await t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'STAFF').executeTakeFirstOrThrow()).id;
    await setUserDuties(t.db, staffId, [staffDuty, dutyId]);
    const granted = await menu(staff);
    expect(granted.filter((r) => [7, 701, ADMIN_ONLY_PAGE].includes(r.id)).map((r) => r.id).sort()).toEqual([7, 701, ADMIN_ONLY_PAGE].sort());
    expect(granted.some((r) => r.id === 70101)).toBe(false);

    // A disabled duty grants nothing.
    await t.db.updateTable('duty').set({ status: 'disabled' }).where('id', '=', dutyId).execute();
    expect((await menu(staff)).some((r) => r.id === ADMIN_ONLY_PAGE)).toBe(false);
    await t.db.updateTable('duty').set({ status: 'active' }).where('id', '=', dutyId).execute();
    await setUserDuties(t.db, staffId, [staffDuty]);
    expect((await menu(staff)).some((r) => r.id === 7)).toBe(false);

    await expect(setDutyFunctions(t.db, dutyId, [ADMIN_ONLY_PAGE, 999999])).rejects.toBeInstanceOf(UnknownIdsError);
    // The failed change left the grants as they were.
    expect(await dutyFunctionIds(t.db, dutyId)).toEqual([ADMIN_ONLY_PAGE]);
  });

  it('stars, lists, unstars and clears often-used pages, only pages the user is granted', async () => {
    const often = async () => (await t.post('/api/fsmc/oftenMenu/query', {}, { token: staff, lang: 'en-US' })).body.data;
    expect(await often()).toEqual([]);
    expect((await t.post('/api/fsmc/oftenMenu/add', { funcId: STAFF_PAGE }, { token: staff })).body.code).toBe(0);
    expect((await t.post('/api/fsmc/oftenMenu/add', { funcId: STAFF_PAGE_2 }, { token: staff })).body.code).toBe(0);
    expect((await t.post('/api/fsmc/oftenMenu/add', { funcId: STAFF_PAGE }, { token: staff })).body.code).toBe(0);
    expect(await often()).toEqual([
      { funcId: STAFF_PAGE, functionName: 'Exchange rates', funcUrl: '/exchange-rate' },
      { funcId: STAFF_PAGE_2, functionName: 'Currencies', funcUrl: '/currency' },
    ]);
    expect((await menu(staff)).filter((r) => r.oftenUsed === 1).map((r) => r.id).sort()).toEqual([STAFF_PAGE, STAFF_PAGE_2].sort());

    const notMine = await t.post('/api/fsmc/oftenMenu/add', { funcId: ADMIN_ONLY_PAGE }, { token: staff, lang: 'en-US' });
    expect(notMine.body).toMatchObject({ code: CODE.funcNotGranted, msg: 'This menu item is not available to you' });
    expect((await t.post('/api/fsmc/oftenMenu/add', { funcId: GROUP }, { token: staff })).body.code).toBe(CODE.funcNotGranted);
    expect((await t.post('/api/fsmc/oftenMenu/add', { funcId: 'abc' }, { token: staff })).status).toBe(400);

    await t.post('/api/fsmc/oftenMenu/delete', { funcId: STAFF_PAGE }, { token: staff });
    expect((await often()).map((r: { funcId: number }) => r.funcId)).toEqual([STAFF_PAGE_2]);
    // Another user's stars are theirs alone.
    await t.post('/api/fsmc/oftenMenu/add', { funcId: STAFF_PAGE }, { token: admin });
    await t.post('/api/fsmc/oftenMenu/delete-all', {}, { token: staff });
    expect(await often()).toEqual([]);
    expect((await t.post('/api/fsmc/oftenMenu/query', {}, { token: admin })).body.data.map((r: { funcId: number }) => r.funcId)).toEqual([STAFF_PAGE]);
  });

  it(`keeps at most ${OFTEN_MENU_MAX} often-used pages`, async () => {
    const pages = ALL.filter((f) => f.funcUrl).map((f) => f.id);
    await t.post('/api/fsmc/oftenMenu/delete-all', {}, { token: admin });
    for (const funcId of pages.slice(0, OFTEN_MENU_MAX)) expect((await t.post('/api/fsmc/oftenMenu/add', { funcId }, { token: admin })).body.code).toBe(0);
    const over = await t.post('/api/fsmc/oftenMenu/add', { funcId: pages[OFTEN_MENU_MAX] }, { token: admin, lang: 'en-US' });
    expect(over.body).toMatchObject({ code: CODE.oftenMenuFull, msg: `You can star at most ${OFTEN_MENU_MAX} menu items` });
    await t.post('/api/fsmc/oftenMenu/delete-all', {}, { token: admin });
  });

  it('sets, reads and unsets the default page; a page no longer granted is no default', async () => {
    expect((await t.post('/api/fsmc/common/default-menu/query', {}, { token: staff })).body.data).toEqual({ funcId: null, funcUrl: null });
    const set = await t.post('/api/fsmc/common/default-menu/set', { funcId: STAFF_PAGE }, { token: staff });
    expect(set.body.data).toEqual({ funcId: STAFF_PAGE, funcUrl: '/exchange-rate' });
    expect((await t.get('/api/fsmc/session/share/query-session-info', undefined, { token: staff })).body.data.defaultMenu).toEqual({ funcId: STAFF_PAGE, funcUrl: '/exchange-rate' });
    expect((await t.post('/api/fsmc/common/default-menu/set', { funcId: ADMIN_ONLY_PAGE }, { token: staff })).body.code).toBe(CODE.funcNotGranted);
    expect((await t.post('/api/fsmc/common/default-menu/unset', {}, { token: staff })).body.data).toEqual({ funcId: null, funcUrl: null });

    await t.post('/api/fsmc/common/default-menu/set', { funcId: STAFF_PAGE }, { token: staff });
    const staffDuty = (await t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'STAFF').executeTakeFirstOrThrow()).id;
    const before = await dutyFunctionIds(t.db, staffDuty);
    await setDutyFunctions(t.db, staffDuty, before.filter((id) => id !== STAFF_PAGE));
    expect((await t.post('/api/fsmc/common/default-menu/query', {}, { token: staff })).body.data).toEqual({ funcId: null, funcUrl: null });
    await setDutyFunctions(t.db, staffDuty, before);
    await t.post('/api/fsmc/common/default-menu/unset', {}, { token: staff });
  });

  it('saves the theme per user, with the spec defaults, and refuses unknown names', async () => {
    expect((await t.post('/api/fsmc/themes/query', {}, { token: staff })).body.data).toEqual({ themeName: DEFAULT_THEME, navColor: DEFAULT_NAV_COLOR });
    const saved = await t.post('/api/fsmc/themes/add', { themeName: 'var2', navColor: 'dark' }, { token: staff });
    expect(saved.body.data).toEqual({ themeName: 'var2', navColor: 'dark' });
    expect((await t.post('/api/fsmc/themes/query', {}, { token: staff })).body.data).toEqual({ themeName: 'var2', navColor: 'dark' });
    expect((await t.post('/api/fsmc/themes/query', {}, { token: admin })).body.data).toEqual({ themeName: DEFAULT_THEME, navColor: DEFAULT_NAV_COLOR });
    const bad = await t.post('/api/fsmc/themes/add', { themeName: 'var9', navColor: 'dark' }, { token: staff, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Theme must be one of: var1, var2, var3, var4, var5, var6');
    const again = await t.login(DEMO.staff);
    expect((await t.get('/api/fsmc/session/share/query-session-info', undefined, { token: again })).body.data).toMatchObject({ themeName: 'var2', navColor: 'dark' });
    staff = again;
  });

  it('pages the reminders, newest first, in the reader\'s language; cancels one and all; remembers no-notify', async () => {
    const page = (start: number, limit: number, lang?: string) => t.post('/api/fsmc/remind/query-remind-info-by-page', { start, limit }, { token: staff, lang });
    const all = (await page(1, 10, 'en-US')).body.data;
    expect(all.total).toBe(3);
    expect(all.rows[0]).toMatchObject({ title: 'Exchange rates updated', status: 'unread' });
    expect((await page(1, 10)).body.data.rows[0].title).toBe('汇率已更新');
    const second = (await page(2, 2, 'en-US')).body.data;
    expect(second).toEqual({ total: 3, rows: [all.rows[2]] });

    const popup = (await t.post('/api/fsmc/remind/list', {}, { token: staff })).body.data;
    expect(popup.rows.length).toBeLessThanOrEqual(REMIND_POPUP_MAX);
    expect(popup.total).toBe(3);
    await t.post('/api/fsmc/remind/read', { id: all.rows[0].id }, { token: staff });
    expect((await t.post('/api/fsmc/remind/list', {}, { token: staff })).body.data.total).toBe(2);

    // Someone else's reminder cannot be cancelled.
    const adminFirst = (await t.post('/api/fsmc/remind/query-remind-info-by-page', { start: 1, limit: 1 }, { token: admin })).body.data.rows[0];
    expect((await t.post('/api/fsmc/remind/cancel', { id: adminFirst.id }, { token: staff, lang: 'en-US' })).body).toMatchObject({ code: CODE.remindNotFound, msg: 'No such reminder' });

    expect((await t.post('/api/fsmc/remind/cancel', { id: all.rows[1].id }, { token: staff })).body.code).toBe(0);
    expect((await page(1, 10)).body.data.rows.map((r: { id: number }) => r.id)).toEqual([all.rows[0].id, all.rows[2].id]);
    expect((await t.post('/api/fsmc/remind/cancel', { id: all.rows[1].id }, { token: staff })).body.code).toBe(CODE.remindNotFound);
    expect((await t.post('/api/fsmc/remind/cancel-all', {}, { token: staff })).body.data).toEqual({ cancelled: 2 });
    expect((await page(1, 10)).body.data).toEqual({ rows: [], total: 0 });
    expect((await t.post('/api/fsmc/remind/query-remind-info-by-page', { start: 1, limit: 10 }, { token: admin })).body.data.total).toBe(3);
    // A page larger than the largest page size any table offers is refused.
    expect((await page(1, PAGE_LIMIT_MAX + 1)).status).toBe(400);

    expect((await t.post('/api/fsmc/remind/query-user-remind-set', {}, { token: staff })).body.data).toEqual({ noNotify: false });
    expect((await t.post('/api/fsmc/remind/user-remind-set', { noNotify: true }, { token: staff })).body.data).toEqual({ noNotify: true });
    expect((await t.get('/api/fsmc/session/share/query-session-info', undefined, { token: staff })).body.data.noNotify).toBe(true);
    expect((await t.post('/api/fsmc/remind/user-remind-set', { noNotify: 'yes' }, { token: staff })).status).toBe(400);
  });

  it('takes a call without parameters with an empty body or none; a user id in the body is refused', async () => {
    for (const url of ['/api/fsmc/themes/query', '/api/fsmc/oftenMenu/query']) {
      expect((await t.app.inject({ method: 'POST', url, headers: { JwtToken: staff } })).json().code).toBe(0);
      expect((await t.post(url, {}, { token: staff })).body.code).toBe(0);
    }
    // Whose settings are read is the session's business: a user id in the body is refused, not obeyed.
    const adminId = await userId('admin');
    const mine = await t.post('/api/fsmc/themes/query', { userId: adminId }, { token: staff, lang: 'en-US' });
    expect(mine.status).toBe(400);
    expect(mine.body.msg).toBe('userId is not a field this call takes');
  });

  it('needs a session for every per-user call', async () => {
    for (const url of ['/api/fsmc/auth/userMenu/query-user-menu', '/api/fsmc/oftenMenu/query', '/api/fsmc/common/default-menu/query', '/api/fsmc/themes/query', '/api/fsmc/remind/list']) {
      const res = await t.post(url, {});
      expect([url, res.status, res.body.code]).toEqual([url, 401, CODE.loginExpired]);
    }
    // The session info is a read (a GET, no envelope): the shell asks for it as its script starts.
    const info = await t.get('/api/fsmc/session/share/query-session-info');
    expect([info.status, info.body.code]).toEqual([401, CODE.loginExpired]);
    expect((await t.get('/api/fsmc/session/share/query-session-info', undefined, { token: staff })).body.data.loginUserInfo.userCode).toBeTruthy();
  });
});
