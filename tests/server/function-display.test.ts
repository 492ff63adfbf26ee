import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';
import type { HideButtonMap } from '../../src/shared/function-display';

jest.setTimeout(60_000);

type Row = { id: number; version: number };
type Answer<T> = { code: number; msg: string; data: T };

/**
 * Issue 15 point 7, widgets §6 and §7: the hide-button map that comes with the user's menu,
 * built from the func-button rows administrators keep: only enabled rows, only the functions
 * the user is granted; hiding is display only, the function's grant still decides the call.
 */
describe.each(availableBackends())('hide-button map on %s', (backend) => {
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

  const post = <T = Row>(path: string, body: unknown, token = admin) => t.post<T>(path, body, { token });
  const map = async (token: string) => {
    const res = await post<HideButtonMap>('/api/fsmc/auth/userMenu/query-hide-button', {}, token);
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const element = async (funcUrl: string, elementKind: 'button' | 'param', elementCode: string, functionDisplay: boolean) => {
    const res = await post('/api/fsmc/func-button/add', { funcUrl, elementKind, elementCode, functionDisplay });
    expect(res.body.code).toBe(0);
    return res.body.data;
  };

  it('is empty until an administrator hides something', async () => {
    expect(await map(staff)).toEqual({});
  });

  it('gives each user the buttons and parameters of their granted functions; hidden wins over shown', async () => {
    await element('/coop-network', 'button', 'add', false);
    await element('/coop-network', 'button', 'refresh', true);
    const param = await element('/coop-network', 'param', 'institutionName', false);
    await element('/coop-network', 'param', 'networkName', true);
    // A second row for the same button cannot undo the hiding.
    await element('/coop-network', 'button', 'add', true);
    // An administrators' page: staff are not told what it hides.
    await element('/password-rule', 'button', 'delete', false);

    const coop = { buttons: { add: false, refresh: true }, params: ['institutionName'] };
    expect(await map(staff)).toEqual({ '/coop-network': coop });
    expect(await map(admin)).toEqual({ '/coop-network': coop, '/password-rule': { buttons: { delete: false }, params: [] } });

    // A disabled row is not in force.
    expect((await post('/api/fsmc/func-button/disable', { id: param.id, version: param.version })).body.code).toBe(0);
    expect((await map(staff))['/coop-network']).toEqual({ buttons: { add: false, refresh: true }, params: [] });
  });

  it('is administered by administrators only, and hides without refusing the call', async () => {
    const refused = await post('/api/fsmc/func-button/add', { funcUrl: '/coop-network', elementKind: 'button', elementCode: 'delete', functionDisplay: false }, staff);
    expect(refused.status).toBe(403);
    const malformed = await post('/api/fsmc/func-button/add', { funcUrl: 'coop-network', elementKind: 'button', elementCode: 'add', functionDisplay: false });
    expect(malformed.body.code).not.toBe(0);
    const unknownKind = await post('/api/fsmc/func-button/add', { funcUrl: '/coop-network', elementKind: 'link', elementCode: 'add', functionDisplay: false });
    expect(unknownKind.body.code).not.toBe(0);

    // Add is hidden on the cooperative networks' page, yet a staff member granted the page may still add (widgets §6 hides; it does not forbid).
    const added = await post('/api/fsmc/coop-network/add', { networkCode: 'HIDDEN01', networkName: '测试网点', institutionType: '测试', institutionCode: '999', institutionName: '测试机构', countryCode: 'CN' }, staff);
    expect(added.body.code).toBe(0);
  });
});
