import { expect } from '@playwright/test';
import { HEADERS } from '../../../src/shared/constants';
import { apiClient } from './api';
import { ADMIN, CHECKER } from './users';

type Api = ReturnType<typeof apiClient>;

/** Logs a user in over the API; the answer's session headers for the calls that follow. */
async function session(api: Api, user: { userCode: string; password: string }): Promise<Record<string, string>> {
  const login = await api.post('/api/fsmc/login/login', { userCode: user.userCode, password: user.password });
  expect(login.body.code, `API login of ${user.userCode}`).toBe(0);
  return { [HEADERS.jwtToken]: login.body.data.JwtToken as string };
}

async function grantsOf(api: Api, headers: Record<string, string>, userCode: string) {
  const page = await api.post('/api/fsmc/data-auth/query', { start: 1, limit: 100, userCode }, headers);
  expect(page.body.code).toBe(0);
  return (page.body.data.rows as Array<{ id: number; version: number; userCode: string; dataType: string; dataValue: string; recordState: string; enabled: boolean }>).filter((r) => r.userCode === userCode);
}

/**
 * Gives a user grants of organisations, as administrators do (portal-shell §6): the worker's
 * administrator saves and submits each missing grant, its checker passes them (four eyes).
 * Over the API, before any page logs in as those two: one user has one session. Grants already
 * in force are kept, so a retried test finds the same state.
 */
export async function grantOrganisations(baseURL: string, userCode: string, orgCodes: string[]): Promise<void> {
  const api = apiClient(baseURL);
  const admin = await session(api, ADMIN);
  const held = await grantsOf(api, admin, userCode);
  for (const orgCode of orgCodes) {
    if (held.some((g) => g.dataType === 'org' && g.dataValue === orgCode && g.recordState !== 'nullified')) continue;
    const token = await api.get('/api/fsmc/common/token/getToken', admin);
    const added = await api.post('/api/fsmc/data-auth/save-and-submit', { userCode, dataType: 'org', dataValue: orgCode }, { ...admin, [HEADERS.requestToken]: token.body.data.token as string });
    expect(added.body.code, added.body.msg).toBe(0);
  }
  const checker = await session(api, CHECKER);
  for (const g of await grantsOf(api, checker, userCode)) {
    if (g.recordState !== 'submitted') continue;
    const passed = await api.post('/api/fsmc/data-auth/review', { id: g.id, version: g.version, decision: 'pass' }, checker);
    expect(passed.body.code, passed.body.msg).toBe(0);
  }
}

/**
 * What an administrator's queries of a resource count (unscoped), one total per filter: the
 * figures a scoped user's list is held against. One session for them all (a second login of
 * the same user would end the first).
 */
export async function adminTotals(baseURL: string, resource: string, filters: Array<Record<string, unknown>>): Promise<number[]> {
  const api = apiClient(baseURL);
  const admin = await session(api, ADMIN);
  const totals: number[] = [];
  for (const filter of filters) {
    const page = await api.post(`/api/fsmc/${resource}/query`, { start: 1, limit: 1, ...filter }, admin);
    expect(page.body.code, page.body.msg).toBe(0);
    totals.push(page.body.data.total as number);
  }
  return totals;
}
