import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { SAVED_QUERY_DEFAULT, SAVED_QUERY_MAX_DEFAULT, SAVED_QUERY_NAME_MAX, SAVED_QUERY_NOT_DEFAULT } from '../../src/shared/constants';
import { contract } from '../../src/shared/contract';
import type { SavedQuery } from '../../src/shared/contract';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type CallResult, type TestApp } from './support/test-server';

jest.setTimeout(120_000);

const c = contract.querySettings;
const PAGE = 'currency';

/**
 * Issue 10 points 4 and 6 (widgets §3, §5, §7): saved queries, field order, hidden params and
 * column settings, as a caller sees them: every rule answers its 15xx code, a user sees only
 * their own, administrators' settings reach everyone.
 */
describe.each(availableBackends())('query page settings on %s', (backend) => {
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

  const post = <T = any>(path: string, body: unknown, token: string, lang?: string): Promise<CallResult<T>> => t.post<T>(path, body, { token, ...(lang ? { lang } : {}) });
  const list = async (token: string, code = PAGE) => {
    const r = await post<SavedQuery[]>(c.savedQueries.path, { code }, token);
    expect(r.body.code).toBe(0);
    return r.body.data;
  };
  const create = (token: string, name: string, formData: Record<string, unknown> = { currencyCode: 'CNY' }, extra: Record<string, unknown> = {}, code = PAGE) =>
    post<SavedQuery[]>(c.saveQuery.path, { code, operationType: 1, name, formData, ...extra }, token);
  const setDefault = (token: string, id: number, operationType: 2 | 3 = 3, code = PAGE) => post<SavedQuery[]>(c.saveQuery.path, { code, operationType, id }, token);
  const remove = (token: string, id: number, code = PAGE) => post<SavedQuery[]>(c.deleteQuery.path, { code, id }, token);
  const clear = async (token: string, code = PAGE) => {
    for (const q of await list(token, code)) expect((await remove(token, q.id, code)).body.code).toBe(0);
  };
  const defaults = (rows: SavedQuery[]) => rows.filter((r) => r.defaultFlag === SAVED_QUERY_DEFAULT).map((r) => r.name);

  describe('saved queries', () => {
    it('saves one with its filters and answers the list, the new one in it; the filters come back exactly, keys as typed', async () => {
      const formData = { currencyCode: 'usd', org_code: 'A-1', decimals: 2, enabled: false, currencyName: null };
      const r = await create(admin, '美元', formData);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(0);
      expect(r.body.data).toEqual([{ id: expect.any(Number), code: PAGE, name: '美元', defaultFlag: SAVED_QUERY_NOT_DEFAULT, formData }]);
      expect(await list(admin)).toEqual(r.body.data);
      await clear(admin);
    });

    it('refuses an empty name with "name cannot be empty", in the caller\'s language; spaces are empty', async () => {
      for (const name of ['', '   ']) {
        const r = await create(admin, name);
        expect([r.status, r.body.code, r.body.msg]).toEqual([200, CODE.savedQueryNameRequired, '名称不能为空']);
      }
      expect((await post(c.saveQuery.path, { code: PAGE, operationType: 1, formData: { a: 'x' } }, admin, 'en-US')).body).toMatchObject({ code: CODE.savedQueryNameRequired, msg: 'Name cannot be empty' });
      expect(await list(admin)).toEqual([]);
    });

    it(`takes at most ${SAVED_QUERY_NAME_MAX} characters counted in code points: six Chinese characters or six emoji fit, seven do not`, async () => {
      const six = '人民币查询一';
      const emoji = '🙂🙂🙂🙂🙂🙂';
      expect(emoji.length).toBe(12); // UTF-16 units: a length check in those would refuse it
      expect((await create(admin, six)).body.code).toBe(0);
      expect((await create(admin, emoji)).body.code).toBe(0);
      expect((await create(admin, 'abcdef')).body.code).toBe(0);
      for (const name of ['人民币查询一二', 'abcdefg', '🙂🙂🙂🙂🙂🙂🙂']) {
        const r = await create(admin, name);
        expect(r.body).toMatchObject({ code: CODE.savedQueryNameTooLong, msg: `名称最多 ${SAVED_QUERY_NAME_MAX} 个字符` });
      }
      // The contract's own bound stays the wire's: past 64 characters is a malformed request.
      expect((await create(admin, 'x'.repeat(65))).status).toBe(400);
      expect((await list(admin)).map((q) => q.name)).toEqual([six, emoji, 'abcdef']);
      await clear(admin);
    });

    it('names the values a literal field may take (a union of them reported each as a const before: "must be one of: ")', async () => {
      const res = await post(c.saveQuery.path, { code: PAGE, operationType: 1, name: 'x', defaultFlag: '1', formData: { a: 'x' } }, admin, 'en-US');
      expect([res.status, res.body.code]).toEqual([400, CODE.validation]);
      expect(res.body.msg).toContain('must be one of: 1, 2');
      expect(res.body.data.errors).toHaveLength(1);
    });

    it('needs at least one non-empty filter', async () => {
      for (const formData of [{}, { currencyCode: '' }, { currencyCode: '   ', currencyName: null }]) {
        const r = await create(admin, '空', formData);
        expect(r.body).toMatchObject({ code: CODE.savedQueryNoFilter, msg: '请至少填写一个查询条件' });
      }
      const missing = await post(c.saveQuery.path, { code: PAGE, operationType: 1, name: '空' }, admin);
      expect(missing.body.code).toBe(CODE.savedQueryNoFilter);
      // false and 0 are filters ("not enabled", "no decimals").
      expect((await create(admin, '停用', { enabled: false })).body.code).toBe(0);
      expect((await create(admin, '零位', { decimals: 0 })).body.code).toBe(0);
      await clear(admin);
    });

    it(`keeps at most ${SAVED_QUERY_MAX_DEFAULT} per user and page; another page and another user have their own`, async () => {
      for (let i = 1; i <= SAVED_QUERY_MAX_DEFAULT; i += 1) expect((await create(admin, `q${i}`)).body.code).toBe(0);
      const over = await create(admin, 'q11');
      expect(over.body).toMatchObject({ code: CODE.savedQueryTooMany, msg: `最多只能保存 ${SAVED_QUERY_MAX_DEFAULT} 个查询条件` });
      expect(await list(admin)).toHaveLength(SAVED_QUERY_MAX_DEFAULT);
      expect((await create(admin, 'q11', undefined, {}, 'country')).body.code).toBe(0);
      expect((await create(staff, 'q11')).body.code).toBe(0);
      // One gone, one more fits.
      const first = (await list(admin))[0]!;
      expect((await remove(admin, first.id)).body.data).toHaveLength(SAVED_QUERY_MAX_DEFAULT - 1);
      expect((await create(admin, 'q11')).body.code).toBe(0);
      await clear(admin);
      await clear(admin, 'country');
      await clear(staff);
    });

    it('lets only one of several saves at once take the last place', async () => {
      for (let i = 1; i <= SAVED_QUERY_MAX_DEFAULT - 2; i += 1) expect((await create(admin, `p${i}`)).body.code).toBe(0);
      const answers = await Promise.all(['x1', 'x2', 'x3'].map((n) => create(admin, n)));
      expect(answers.map((a) => a.body.code).sort()).toEqual([0, 0, CODE.savedQueryTooMany]);
      expect(await list(admin)).toHaveLength(SAVED_QUERY_MAX_DEFAULT);
      await clear(admin);
    });

    it('refuses a second query of the same name for the same user and page (ours), not for another user', async () => {
      expect((await create(admin, '常用')).body.code).toBe(0);
      expect((await create(admin, ' 常用 ')).body).toMatchObject({ code: CODE.savedQueryNameTaken, msg: '已有名为“常用”的查询条件' });
      expect((await create(staff, '常用')).body.code).toBe(0);
      expect((await create(admin, '常用', undefined, {}, 'country')).body.code).toBe(0);
      await clear(admin);
      await clear(admin, 'country');
      await clear(staff);
    });

    it('keeps one default per user and page: saving or setting one clears the others; setting it again (operation 2) unsets it; the default comes first', async () => {
      await create(admin, 'A');
      const b = await create(admin, 'B', { currencyCode: 'USD' }, { defaultFlag: SAVED_QUERY_DEFAULT });
      expect(defaults(b.body.data)).toEqual(['B']);
      expect(b.body.data.map((q) => q.name)).toEqual(['B', 'A']);
      const c1 = await create(admin, 'C', { currencyCode: 'EUR' }, { defaultFlag: SAVED_QUERY_DEFAULT });
      expect(defaults(c1.body.data)).toEqual(['C']);
      const a = (await list(admin)).find((q) => q.name === 'A')!;
      const setA = await setDefault(admin, a.id);
      expect(setA.body.code).toBe(0);
      expect(defaults(setA.body.data)).toEqual(['A']);
      expect(setA.body.data[0]!.name).toBe('A');
      // Another page's default is left alone.
      await create(admin, 'D', undefined, { defaultFlag: SAVED_QUERY_DEFAULT }, 'country');
      expect(defaults(await list(admin))).toEqual(['A']);
      expect(defaults(await list(admin, 'country'))).toEqual(['D']);
      const unset = await setDefault(admin, a.id, 2);
      expect(unset.body.code).toBe(0);
      expect(defaults(unset.body.data)).toEqual([]);
      expect(defaults(await list(admin))).toEqual([]);
      await clear(admin);
      await clear(admin, 'country');
    });

    it('ends with exactly one default when two are set at once', async () => {
      await create(admin, 'A');
      await create(admin, 'B');
      const [qa, qb] = await list(admin);
      const answers = await Promise.all([setDefault(admin, qa!.id), setDefault(admin, qb!.id)]);
      expect(answers.map((r) => r.body.code)).toEqual([0, 0]);
      expect(defaults(await list(admin))).toHaveLength(1);
      await clear(admin);
    });

    it('shows a user only their own: another user cannot list, set default on or delete them', async () => {
      await create(admin, '管理员的', { currencyCode: 'JPY' }, { defaultFlag: SAVED_QUERY_DEFAULT });
      const mine = (await list(admin))[0]!;
      expect(await list(staff)).toEqual([]);
      for (const op of [2, 3] as const) expect((await setDefault(staff, mine.id, op)).body).toMatchObject({ code: CODE.savedQueryNotFound, msg: '查询条件不存在' });
      expect((await remove(staff, mine.id)).body.code).toBe(CODE.savedQueryNotFound);
      // On another page of the same user it is not found either.
      expect((await remove(admin, mine.id, 'country')).body.code).toBe(CODE.savedQueryNotFound);
      expect(await list(admin)).toEqual([mine]);
      expect((await post(c.saveQuery.path, { code: PAGE, operationType: 3 }, admin)).body.code).toBe(CODE.savedQueryNotFound);
      await clear(admin);
      expect((await remove(admin, mine.id)).body.code).toBe(CODE.savedQueryNotFound);
    });

    it('needs a session', async () => {
      expect((await t.post(c.savedQueries.path, { code: PAGE })).status).toBe(401);
    });
  });

  describe('field order and hidden params', () => {
    it('starts with no order and no hidden params; keeps each user\'s order for themselves; an empty list goes back to the defaults', async () => {
      expect((await post(c.formOrder.path, { code: PAGE }, admin)).body.data).toEqual({ customOrder: null, hiddenParams: [] });
      expect((await post(c.saveFormOrder.path, { code: PAGE, formItemsOrder: ['currencyName', 'currencyCode'] }, admin)).body.code).toBe(0);
      expect((await post(c.formOrder.path, { code: PAGE }, admin)).body.data.customOrder).toEqual(['currencyName', 'currencyCode']);
      expect((await post(c.formOrder.path, { code: PAGE }, staff)).body.data.customOrder).toBeNull();
      expect((await post(c.saveFormOrder.path, { code: PAGE, formItemsOrder: ['currencyCode', 'currencyName'] }, admin)).body.code).toBe(0);
      expect((await post(c.formOrder.path, { code: PAGE }, admin)).body.data.customOrder).toEqual(['currencyCode', 'currencyName']);
      expect((await post(c.saveFormOrder.path, { code: PAGE, formItemsOrder: ['a', 'b', 'a'] }, admin)).body).toMatchObject({ code: CODE.settingsDuplicateField, msg: '字段重复：a' });
      expect((await post(c.saveFormOrder.path, { code: PAGE, formItemsOrder: [] }, admin)).body.code).toBe(0);
      expect((await post(c.formOrder.path, { code: PAGE }, admin)).body.data.customOrder).toBeNull();
    });

    it('lets only administrators save a hidden param (staff get 403), and gives it to everyone on the page', async () => {
      const param = { prop: 'currencyCode', label: '币种代码', showOrHide: false, defaultVal: '{"currencyCode":"CNY"}', required: 2 };
      const refused = await post(c.saveHiddenParam.path, { code: PAGE, hiddenParams: param }, staff);
      expect([refused.status, refused.body.code]).toEqual([403, CODE.forbidden]);
      expect((await post(c.formOrder.path, { code: PAGE }, staff)).body.data.hiddenParams).toEqual([]);
      expect((await post(c.saveHiddenParam.path, { code: PAGE, hiddenParams: param }, admin)).body.code).toBe(0);
      for (const token of [admin, staff]) expect((await post(c.formOrder.path, { code: PAGE }, token)).body.data.hiddenParams).toEqual([param]);
      // Saved again, it is replaced, not doubled.
      const shown = { ...param, showOrHide: true, defaultVal: '', required: 1 };
      expect((await post(c.saveHiddenParam.path, { code: PAGE, hiddenParams: shown }, admin)).body.code).toBe(0);
      expect((await post(c.formOrder.path, { code: PAGE }, staff)).body.data.hiddenParams).toEqual([shown]);
      expect((await post(c.formOrder.path, { code: 'country' }, staff)).body.data.hiddenParams).toEqual([]);
    });

    it('takes a default value that is empty or the JSON text of an object, refusing anything else with "请输入正确的JSON格式"', async () => {
      const save = (defaultVal: string, lang?: string) => post(c.saveHiddenParam.path, { code: 'country', hiddenParams: { prop: 'countryCode', showOrHide: true, defaultVal, required: 1 } }, admin, lang);
      for (const ok of ['', '{}', '{"countryCode":"$now"}', ' {"a":{"b":1}} ']) expect((await save(ok)).body.code).toBe(0);
      for (const bad of ['abc', '[1,2]', 'null', '"text"', '12', '{"a":', '{a:1}']) expect((await save(bad)).body).toMatchObject({ code: CODE.hiddenParamBadJson, msg: '请输入正确的JSON格式' });
      expect((await save('[]', 'en-US')).body.msg).toBe('Enter a correct JSON format');
      expect((await post(c.saveHiddenParam.path, { code: 'country', hiddenParams: { prop: 'countryCode', showOrHide: true, defaultVal: '', required: 4 } }, admin)).status).toBe(400);
    });
  });

  describe('column settings', () => {
    const col = (field: string, exist = true, extra: Record<string, unknown> = {}) => ({ field, fixed: 'none', visible: true, width: 140, exist, ...extra });
    const columns = async (token: string) => (await post<{ customOrder: Array<Record<string, unknown>> | null; exist: Record<string, boolean> }>(c.columns.path, { code: PAGE }, token)).body.data;

    it('keeps each user\'s order, fixing, visibility and widths; a staff member\'s `exist` values are ignored', async () => {
      expect(await columns(staff)).toEqual({ customOrder: null, exist: {} });
      const mine = [col('currencyName', false, { fixed: 'left', width: 200 }), col('currencyCode', true, { visible: false, type: 'code' })];
      expect((await post(c.saveColumns.path, { code: PAGE, tableColumns: mine }, staff)).body.code).toBe(0);
      expect(await columns(staff)).toEqual({ customOrder: [{ ...mine[0], exist: true }, mine[1]], exist: {} });
      expect(await columns(admin)).toEqual({ customOrder: null, exist: {} });
      expect((await post(c.saveColumns.path, { code: PAGE, tableColumns: [col('a'), col('a')] }, staff)).body.code).toBe(CODE.settingsDuplicateField);
    });

    it('gives an administrator\'s `exist` flags to everyone, including users who never saved columns', async () => {
      const adminCols = [col('currencyNumber', false), col('currencyName', true)];
      expect((await post(c.saveColumns.path, { code: PAGE, tableColumns: adminCols }, admin)).body.code).toBe(0);
      const s = await columns(staff);
      expect(s.exist).toEqual({ currencyName: true, currencyNumber: false });
      // The staff member's own settings stay theirs; only existence comes from the page.
      expect(s.customOrder!.map((x) => [x.field, x.fixed, x.width, x.exist])).toEqual([['currencyName', 'left', 200, true], ['currencyCode', 'none', 140, true]]);
      const fresh = await t.login(DEMO.staff);
      expect((await columns(fresh)).exist.currencyNumber).toBe(false);
      // A staff member saving `exist: true` for that column changes nothing for anyone.
      expect((await post(c.saveColumns.path, { code: PAGE, tableColumns: [col('currencyNumber', true)] }, fresh)).body.code).toBe(0);
      expect((await columns(admin)).exist.currencyNumber).toBe(false);
      expect((await columns(fresh)).customOrder).toEqual([col('currencyNumber', false)]);
    });
  });
});
