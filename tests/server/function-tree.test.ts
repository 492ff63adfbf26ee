import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import type { TreeFunction } from '../../src/shared/function-tree';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Menu = Array<{ id: number; functionName: string; funcUrl: string | null }>;

/**
 * The function tree (docs/function-tree.md): the menu's functions read and written by those the
 * page is granted to; a change shows in the menus of the users granted the function; addresses
 * unique, no move under itself, no delete of a function with functions beneath it or granted.
 */
describe.each(availableBackends())('function tree on %s', (backend) => {
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

  const post = <T = TreeFunction>(path: string, body: unknown, token = admin, lang?: string) => t.post<T>(path, body, { token, lang });
  const tree = async () => (await post<TreeFunction[]>('/api/fsmc/function-tree/query', {})).body.data;
  const byUrl = async (url: string) => (await tree()).find((f) => f.funcUrl === url)!;
  const values = (f: TreeFunction) => ({ fatherFunctionId: f.fatherFunctionId, functionName: f.functionName, functionNameEn: f.functionNameEn, funcUrl: f.funcUrl, funcOrder: f.funcOrder });

  it('answers the whole menu with both names, versions and grant counts; only to holders of the page', async () => {
    const all = await tree();
    const currency = all.find((f) => f.funcUrl === '/currency')!;
    expect(currency).toMatchObject({ functionName: '币种', functionNameEn: 'Currencies', version: 1 });
    expect(currency.dutyCount).toBeGreaterThanOrEqual(2);
    expect(all.filter((f) => f.fatherFunctionId === null).length).toBeGreaterThan(3);
    expect((await post('/api/fsmc/function-tree/query', {}, staff)).status).toBe(403);
  });

  it('renames a function in both languages: the menus of those granted it show the new name; a page that read the old version is refused', async () => {
    const bank = await byUrl('/bank');
    const renamed = await post('/api/fsmc/function-tree/update', { id: bank.id, version: 1, ...values(bank), functionName: '  银行信息 ', functionNameEn: 'Bank list' });
    expect(renamed.body).toMatchObject({ code: 0, data: { id: bank.id, functionName: '银行信息', functionNameEn: 'Bank list', version: 2 } });
    const menu = async (lang: string) => (await t.post<Menu>('/api/fsmc/auth/userMenu/query-user-menu', {}, { token: staff, lang })).body.data.find((m) => m.funcUrl === '/bank')?.functionName;
    expect([await menu('zh-CN'), await menu('en-US')]).toEqual(['银行信息', 'Bank list']);
    const stale = await post('/api/fsmc/function-tree/update', { id: bank.id, version: 1, ...values(bank), functionName: '旧页面' });
    expect(stale.body.code).toBe(CODE.recordStale);
    expect((await byUrl('/bank')).functionName).toBe('银行信息');
  });

  it('refuses a taken address, a move beneath itself, and values its rules refuse, in the reader’s language, writing nothing', async () => {
    const country = await byUrl('/country');
    const taken = await post('/api/fsmc/function-tree/update', { id: country.id, version: country.version, ...values(country), funcUrl: '/city' }, admin, 'en-US');
    expect([taken.body.code, taken.body.msg]).toEqual([CODE.functionUrlTaken, 'Function “城市” already has the address /city']);
    const group = (await tree()).find((f) => f.id === country.fatherFunctionId)!;
    const cycle = await post('/api/fsmc/function-tree/update', { id: group.id, version: group.version, ...values(group), fatherFunctionId: country.id });
    expect([cycle.body.code, cycle.body.msg]).toEqual([CODE.functionCycle, `“${group.functionName}”不能移到它自己或它的下级功能之下`]);
    const bad = await post('/api/fsmc/function-tree/update', { id: country.id, version: country.version, ...values(country), functionNameEn: '  ', funcUrl: 'https://example.com/x', funcOrder: 10_000 }, admin, 'en-US');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Enter the English name; The page address starts with / and holds only letters, digits and -_./~; The order is a whole number from 0 to 9999');
    const unknownParent = await post('/api/fsmc/function-tree/update', { id: country.id, version: country.version, ...values(country), fatherFunctionId: 999_999 });
    expect(unknownParent.body.code).toBe(CODE.functionUnknown);
    expect(await byUrl('/country')).toEqual(country);
  });

  it('adds a function under a group with the next id, and deletes it; a function with functions beneath it or granted by a duty stays', async () => {
    const parentId = (await byUrl('/currency')).fatherFunctionId;
    const group = (await tree()).find((f) => f.id === parentId)!;
    const added = await post('/api/fsmc/function-tree/add', { fatherFunctionId: group.id, functionName: '利率曲线', functionNameEn: 'Rate curves', funcUrl: '/rate-curve', funcOrder: 90 });
    expect(added.body).toMatchObject({ code: 0, data: { fatherFunctionId: group.id, functionName: '利率曲线', funcUrl: '/rate-curve', version: 1, dutyCount: 0 } });
    const ids = (await tree()).map((f) => f.id);
    expect(added.body.data.id).toBe(Math.max(...ids));
    const again = await post('/api/fsmc/function-tree/add', { fatherFunctionId: null, functionName: '重复', functionNameEn: 'Again', funcUrl: '/rate-curve', funcOrder: 1 });
    expect(again.body.code).toBe(CODE.functionUrlTaken);

    const parentGone = await post('/api/fsmc/function-tree/delete', { id: group.id, version: group.version }, admin, 'en-US');
    expect([parentGone.body.code, parentGone.body.msg]).toEqual([CODE.functionHasChildren, `“${group.functionNameEn}” has functions beneath it: delete or move them first`]);
    const currency = await byUrl('/currency');
    const granted = await post('/api/fsmc/function-tree/delete', { id: currency.id, version: currency.version });
    expect(granted.body.code).toBe(CODE.functionGranted);
    expect(granted.body.msg).toMatch(/^职责\S+授予了“币种”，须先在职责中取消授权$/);

    expect((await post('/api/fsmc/function-tree/delete', { id: added.body.data.id, version: 1 })).body.code).toBe(0);
    expect((await tree()).some((f) => f.funcUrl === '/rate-curve')).toBe(false);
  });
});
