import { expect, test } from '@playwright/test';
import { HEADERS } from '../../../src/shared/constants';
import { apiClient } from './api';
import { ADMIN, CHECKER } from './users';

/**
 * What a test sets up over the API before its browser starts: a session, a write under its
 * request token, a record passed by the second administrator (four eyes), a user of the test's
 * own. A test that changes a user (a password, a lock, a mail) makes that user here rather than
 * touch a demo user: the demo users are shared by every test of a worker, and one left changed
 * fails every later login of the worker (the run of stop 45: a password reset cut short left
 * `staff` on the new password, and its failed logins throttled `staff` for the rest of the run).
 */
export type Api = ReturnType<typeof apiClient>;
export type Session = Record<string, string>;
export type Written = { id: number; version: number };

export async function session(api: Api, user: { userCode: string; password: string }): Promise<Session> {
  const login = await api.post('/api/fsmc/login/login', { userCode: user.userCode, password: user.password });
  expect(login.body.code, `API login of ${user.userCode}: ${login.body.msg}`).toBe(0);
  return { [HEADERS.jwtToken]: login.body.data.JwtToken as string };
}

/** A write as the page makes it: under a fresh request token (shell §7's replay guard). */
export async function write(api: Api, who: Session, apiPath: string, body: Record<string, unknown>): Promise<Written> {
  const token = await api.get('/api/fsmc/common/token/getToken', who);
  const res = await api.post(apiPath, body, { ...who, [HEADERS.requestToken]: token.body.data.token as string });
  expect(res.body.code, `${apiPath}: ${res.body.msg}`).toBe(0);
  return res.body.data as Written;
}

/** The second administrator passes a record under review. */
export async function pass(api: Api, checker: Session, resource: string, record: Written): Promise<Written> {
  const passed = await api.post(`/api/fsmc/${resource}/review`, { id: record.id, version: record.version, decision: 'pass' }, checker);
  expect(passed.body.code, `${resource}/review: ${passed.body.msg}`).toBe(0);
  return passed.body.data as Written;
}

export interface NewUser {
  userCode: string;
  userName: string;
  userNameEn: string;
  /** A certificate's serial, for a user who logs in with it. */
  certSerial?: string;
  /** Duty codes the user holds once added. */
  duties?: string[];
  /** USER_TYPE_ADMIN (1) for an administrator (hidden-field settings, the "exists" tab); staff (2) unless told. */
  userType?: number;
}

/** The two administrators of the server at `baseURL`, as an administrator and a checker work over the API. */
export async function administrators(baseURL: string) {
  const api = apiClient(baseURL);
  const admin = await session(api, ADMIN);
  const checker = await session(api, CHECKER);
  /** Written and submitted by the administrator, passed by the checker. */
  const approved = async (resource: string, body: Record<string, unknown>) => pass(api, checker, resource, await write(api, admin, `/api/fsmc/${resource}/save-and-submit`, body));
  /**
   * A user in force, mailed at `<userCode>@example.invalid` (the outbox shows what is sent
   * there). It has no password a test knows: one that needs to log in sets it through the
   * forgotten-password flow or logs in with its certificate, or is made by addUserWithPassword.
   */
  const addUser = async (user: NewUser): Promise<Written> => {
    const { duties = [], userType = 2, ...fields } = user;
    const record = await approved('user-info', { ...fields, orgCode: 'HQ', email: `${user.userCode}@example.invalid`, userType, staffType: 2, gender: 'GIRL' });
    if (duties.length === 0) return record;
    const stations = await api.post('/api/fsmc/user-info/query-duty-station', { id: record.id }, admin);
    expect(stations.body.code, stations.body.msg).toBe(0);
    const options = stations.body.data.duties as Array<{ id: number; dutyCode: string }>;
    const ids = duties.map((code) => {
      const duty = options.find((d) => d.dutyCode === code);
      expect(duty, `duty ${code}`).toBeTruthy();
      return duty!.id;
    });
    await write(api, admin, '/api/fsmc/user-info/save-duty-station', { id: record.id, dutyIds: ids });
    return record;
  };
  /** A user in force, as `addUser`, with the password an administrator's reset gave it: the test logs in as it. */
  const addUserWithPassword = async (user: NewUser): Promise<{ userCode: string; password: string }> => {
    const record = await addUser(user);
    const reset = await api.post('/api/fsmc/user-info/reset-password', { id: record.id }, admin);
    expect(reset.body.code, `reset-password: ${reset.body.msg}`).toBe(0);
    return { userCode: user.userCode, password: reset.body.data.password as string };
  };
  return { api, admin, checker, approved, addUser, addUserWithPassword };
}

/** A user code no other test or attempt has: a retry, or the other worker, makes its own. */
export function ownUserCode(prefix: string, info: { parallelIndex: number; retry: number }): string {
  return `${prefix}${Date.now().toString(36)}${info.parallelIndex}${info.retry}`;
}

/**
 * A user of this test's own (this attempt's: a retry makes another), with the duties given and a
 * password to log in with: for a test that changes what a user keeps (settings, saved searches,
 * a profile), so that nothing it leaves behind reaches another test or its own retry.
 */
export async function ownUser(baseURL: string, prefix: string, options: { duties: string[]; userType?: number }): Promise<{ userCode: string; password: string }> {
  const userCode = ownUserCode(prefix, test.info());
  return (await administrators(baseURL)).addUserWithPassword({ userCode, userName: `测试${userCode}`, userNameEn: `Test ${userCode}`, ...options });
}
