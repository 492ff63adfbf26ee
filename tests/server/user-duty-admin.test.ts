import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { contract, type Endpoint } from '../../src/shared/contract';
import { checkPassword } from '../../src/shared/password-rule';
import { hashPassword } from '../../server/security/password';
import { setUserDuties } from '../../server/services/duties';
import { loadPasswordRule } from '../../server/services/password-rule-store';
import { commonPasswordLookup } from '../../server/security/common-passwords';
import { generatePassword } from '../../server/services/user-admin';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; recordState: string; enabled: boolean };
type Answer<T> = { code: number; msg: string; data: T };
type MenuRow = { id: number; fatherFunctionId: number | null; funcUrl: string | null };

/** The org-info page of the seeded function tree (its group 201 and area 2 come with it in a menu). */
const ORG_INFO_PAGE = 20101;
const USERS_PAGE = 60101;
const SECOND_ADMIN = { userCode: 'admin2', password: 'Second#Admin-2026' };

/**
 * Issue 10 point 3: users and duties administered on the resource registry. Add, submit and
 * approve by another administrator (four eyes) a user who then logs in with the password an
 * administrator reset; duty stations and function grants that show in the staff menu and open
 * the resource's routes; locks; cancelling a used duty; the validation calls; and the
 * function grant on every new route.
 */
describe.each(availableBackends())('administration of users and duties on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let admin2: string;
  let staff: string;
  let staffId: number;
  let staffDutyId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    staff = await t.login(DEMO.staff);
    // A second administrator, so that reviews have another pair of eyes.
    const adminDuty = await t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'ADMIN').executeTakeFirstOrThrow();
    const second = await t.db
      .insertInto('appUser')
      .values({ userCode: SECOND_ADMIN.userCode, userName: '第二管理员', userNameEn: 'Second administrator', userType: 1, staffType: 1, passwordHash: await hashPassword(SECOND_ADMIN.password), status: 'active', orgId: null, email: null, gender: null, lang: null, themeName: null, navColor: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setUserDuties(t.db, second.id, [adminDuty.id]);
    admin2 = await t.login(SECOND_ADMIN);
    staffId = (await t.db.selectFrom('appUser').select('id').where('userCode', '=', 'staff').executeTakeFirstOrThrow()).id;
    staffDutyId = (await t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'STAFF').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, token = admin, lang?: string) => t.post<T>(path, body, { token, lang });
  const login = (userCode: string, password: string) => t.post<{ JwtToken: string }>('/api/fsmc/login/login', { userCode, password });
  const menuOf = async (token: string) => (await t.post<MenuRow[]>('/api/fsmc/auth/userMenu/query-user-menu', {}, { token })).body.data;
  const statusOf = async (userCode: string) => (await t.db.selectFrom('appUser').select('status').where('userCode', '=', userCode).executeTakeFirstOrThrow()).status;
  const newUser = (userCode: string, extra: Record<string, unknown> = {}) => ({ userCode, userName: `测试用户${userCode}`, userNameEn: `Test ${userCode}`, orgCode: 'HQ', email: `${userCode}@example.invalid`, userType: 2, staffType: 2, gender: 'GIRL', ...extra });

  /** Adds, submits and has the second administrator approve a user; returns the approved row. */
  async function approvedUser(userCode: string, extra: Record<string, unknown> = {}): Promise<Row> {
    const added = await post('/api/fsmc/user-info/save-and-submit', newUser(userCode, extra));
    expect(added.body.code).toBe(0);
    const passed = await post('/api/fsmc/user-info/review', { id: added.body.data.id, version: added.body.data.version, decision: 'pass' }, admin2);
    expect(passed.body.data.recordState).toBe('approved');
    return passed.body.data;
  }
  async function resetPassword(id: number, token = admin): Promise<string> {
    const res = await post<{ userCode: string; password: string }>('/api/fsmc/user-info/reset-password', { id }, token);
    expect(res.body.code).toBe(0);
    return res.body.data.password;
  }

  it('keeps the demo users and duties approved and enabled, so their logins and grants go on', async () => {
    const users = await post<{ rows: Row[]; total: number }>('/api/fsmc/user-info/query', { start: 1, limit: 10, userCode: 'staff' });
    expect(users.body.data.rows).toEqual([expect.objectContaining({ userCode: 'staff', recordState: 'approved', enabled: true, orgCode: 'HQ', userType: 2 })]);
    // The answer never carries what the definition does not name.
    expect(Object.keys(users.body.data.rows[0]!)).not.toEqual(expect.arrayContaining(['passwordHash']));
    expect(Object.keys(users.body.data.rows[0]!)).not.toContain('status');
    const duties = await post<{ rows: Row[]; total: number }>('/api/fsmc/duty/query', { start: 1, limit: 10, sort: { field: 'dutyCode', order: 'asc' } });
    expect(duties.body.data.rows.map((d) => [d.dutyCode, d.recordState, d.enabled])).toEqual(expect.arrayContaining([['ADMIN', 'approved', true], ['STAFF', 'approved', true]]));
  });

  describe('a user: draft → submitted → approved by another administrator → logs in with the reset password', () => {
    let user: Row;
    it('adds a draft with a password nobody knows, which cannot log in', async () => {
      const res = await post('/api/fsmc/user-info/add', newUser('clerk01'));
      expect(res.body.code).toBe(0);
      user = res.body.data;
      expect(user).toMatchObject({ userCode: 'clerk01', recordState: 'draft', enabled: true, version: 1, orgCode: 'HQ', userType: 2, gender: 'GIRL' });
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
      const stored = await t.db.selectFrom('appUser').select(['status', 'passwordHash', 'orgId']).where('id', '=', user.id).executeTakeFirstOrThrow();
      const hq = await t.db.selectFrom('org').select('id').where('orgCode', '=', 'HQ').executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: 'inactive', orgId: hq.id });
      expect(stored.passwordHash).toMatch(/^scrypt\$/);
      // Even with a password handed over, a draft does not log in.
      const password = await resetPassword(user.id);
      expect((await login('clerk01', password)).body.code).toBe(CODE.userLocked);
    });

    it('submits; its submitter cannot approve it, another administrator does', async () => {
      const submitted = await post('/api/fsmc/user-info/submit', { id: user.id, version: user.version });
      expect(submitted.body.data.recordState).toBe('submitted');
      const own = await post('/api/fsmc/user-info/review', { id: user.id, version: 2, decision: 'pass' });
      expect(own.body.code).toBe(CODE.reviewOwnSubmission);
      const passed = await post('/api/fsmc/user-info/review', { id: user.id, version: 2, decision: 'pass', comment: '同意' }, admin2);
      expect(passed.body.data).toMatchObject({ recordState: 'approved', enabled: true, version: 3 });
      expect(await statusOf('clerk01')).toBe('active');
      user = passed.body.data;
    });

    it('logs in with the password an administrator reset, answered once and meeting the password rule', async () => {
      const password = await resetPassword(user.id);
      const rule = await loadPasswordRule(t.db);
      expect(checkPassword(password, rule, 'clerk01', await commonPasswordLookup())).toEqual([]);
      const res = await login('clerk01', password);
      expect(res.body.code).toBe(0);
      const token = res.body.data.JwtToken;
      // A second reset ends the session and the old password.
      const next = await resetPassword(user.id);
      expect(next).not.toBe(password);
      expect((await t.post('/api/fsmc/auth/userMenu/query-user-menu', {}, { token })).body.code).toBe(CODE.loginExpired);
      expect((await login('clerk01', password)).body.code).toBe(CODE.badCredentials);
      expect((await login('clerk01', next)).body.code).toBe(0);
    });

    it('disables and cancels: the user’s sessions end and login is refused', async () => {
      const token = (await login('clerk01', await resetPassword(user.id))).body.data.JwtToken;
      const off = await post('/api/fsmc/user-info/disable', { id: user.id, version: user.version });
      expect(off.body.data.enabled).toBe(false);
      expect(await statusOf('clerk01')).toBe('inactive');
      expect((await t.post('/api/fsmc/auth/userMenu/query-user-menu', {}, { token })).status).toBe(401);
      const on = await post('/api/fsmc/user-info/enable', { id: user.id, version: off.body.data.version });
      expect(await statusOf('clerk01')).toBe('active');
      const again = (await login('clerk01', await resetPassword(user.id))).body.data.JwtToken;
      const cancelled = await post('/api/fsmc/user-info/cancel', { id: user.id, version: on.body.data.version });
      expect(cancelled.body.data.recordState).toBe('nullified');
      expect((await t.post('/api/fsmc/auth/userMenu/query-user-menu', {}, { token: again })).body.code).toBe(CODE.loginExpired);
      const ended = await t.db.selectFrom('userSession').select('endedAt').where('userId', '=', user.id).where('endedAt', 'is', null).execute();
      expect(ended).toEqual([]);
      // A cancelled user gets no new password either.
      const reset = await post('/api/fsmc/user-info/reset-password', { id: user.id });
      expect([reset.body.code, reset.body.msg]).toEqual([CODE.userNullified, '用户「clerk01」已作废']);
    });

    it('refuses an unknown organisation, the reserved code and a taken e-mail in any letter case', async () => {
      const org = await post('/api/fsmc/user-info/add', newUser('clerk02', { orgCode: 'NOWHERE' }));
      expect([org.body.code, org.body.msg]).toEqual([CODE.orgUnknown, '机构代码「NOWHERE」不存在']);
      const reserved = await post('/api/fsmc/user-info/add', newUser('Admin'), admin, 'en-US');
      expect([reserved.body.code, reserved.body.msg]).toEqual([CODE.userCodeReserved, 'Admin is reserved for the system administrator']);
      const mail = await post('/api/fsmc/user-info/add', newUser('clerk02', { email: 'STAFF@example.invalid' }), admin, 'en-US');
      expect([mail.body.code, mail.body.msg]).toEqual([CODE.recordDuplicate, 'E-mail STAFF@example.invalid already exists']);
      const bad = await post('/api/fsmc/user-info/add', newUser('clerk02', { email: 'not-an-address' }));
      expect(bad.status).toBe(400);
      const type = await post('/api/fsmc/user-info/add', newUser('clerk02', { userType: 3 }));
      expect(type.status).toBe(400);
      // The code is set once.
      const draft = await post('/api/fsmc/user-info/add', newUser('clerk02'));
      const rename = await post('/api/fsmc/user-info/update', { id: draft.body.data.id, version: 1, ...newUser('clerk03') });
      expect(rename.status).toBe(400);
      const { userCode: _code, ...rest } = newUser('clerk02');
      const renamed = await post('/api/fsmc/user-info/update', { id: draft.body.data.id, version: 1, ...rest, orgCode: null, userName: '改名' });
      expect(renamed.body.data).toMatchObject({ userCode: 'clerk02', userName: '改名', orgCode: null });
      expect((await t.db.selectFrom('appUser').select('orgId').where('id', '=', draft.body.data.id).executeTakeFirstOrThrow()).orgId).toBeNull();
    });
  });

  describe('locks', () => {
    let user: Row;
    let password: string;
    beforeAll(async () => {
      user = await approvedUser('locked01');
      password = await resetPassword(user.id);
    });

    it('locks until a time: sessions end, login answers 1202 until the time has passed', async () => {
      const token = (await login('locked01', password)).body.data.JwtToken;
      // Two minutes: the test client's envelopes, stamped with the real time, stay fresh when the server's clock moves on.
      const until = new Date(t.clock.now() + 120_000).toISOString();
      const res = await post<{ locked: boolean; lockedUntil: string }>('/api/fsmc/user-info/change-locked-time', { id: user.id, lockedUntil: until });
      expect(res.body.data).toMatchObject({ id: user.id, userCode: 'locked01', locked: true, lockedUntil: until });
      expect(await statusOf('locked01')).toBe('locked');
      expect((await t.post('/api/fsmc/auth/userMenu/query-user-menu', {}, { token })).status).toBe(401);
      expect((await login('locked01', password)).body).toMatchObject({ code: CODE.userLocked, msg: '用户已被锁定，请联系管理员' });
      const state = await post('/api/fsmc/user-info/query-locked-time', { id: user.id });
      expect(state.body.data).toMatchObject({ locked: true, lockedUntil: until });
      t.clock.advance(120_001);
      expect((await login('locked01', password)).body.code).toBe(0);
      expect(await statusOf('locked01')).toBe('active');
      expect((await post('/api/fsmc/user-info/query-locked-time', { id: user.id })).body.data).toMatchObject({ locked: false, lockedUntil: null });
    });

    it('refuses a lock time no calendar or clock has, naming it in the reader’s language, and locks nothing', async () => {
      for (const lockedUntil of ['2030-13-01T00:00Z', '2030-02-30T10:00Z', '2030-01-01T25:61Z', '2030-01-01T10:00+99:99']) {
        const res = await post('/api/fsmc/user-info/change-locked-time', { id: user.id, lockedUntil }, admin, 'en-US');
        expect([res.status, res.body.code]).toEqual([400, CODE.validation]);
        expect(res.body.msg).toContain(`Locked until: ${lockedUntil} is not a valid date`);
      }
      expect((await post('/api/fsmc/user-info/change-locked-time', { id: user.id, lockedUntil: '2030-02-30T10:00Z' }, admin, 'zh-CN')).body.msg).toContain('锁定截止时间');
      expect(await statusOf('locked01')).toBe('active');
    });

    it('unlocks at once; refuses a time already past, and locking oneself', async () => {
      const until = new Date(t.clock.now() + 86_400_000).toISOString();
      await post('/api/fsmc/user-info/change-locked-time', { id: user.id, lockedUntil: until });
      expect((await login('locked01', password)).body.code).toBe(CODE.userLocked);
      const open = await post('/api/fsmc/user-info/change-locked-time', { id: user.id, lockedUntil: null });
      expect(open.body.data).toMatchObject({ locked: false, lockedUntil: null });
      expect((await login('locked01', password)).body.code).toBe(0);
      const past = await post('/api/fsmc/user-info/change-locked-time', { id: user.id, lockedUntil: '2020-01-01T00:00:00Z' }, admin, 'en-US');
      expect([past.body.code, past.body.msg]).toEqual([CODE.lockTimePast, 'The lock must end in the future']);
      const adminId = (await t.db.selectFrom('appUser').select('id').where('userCode', '=', 'admin').executeTakeFirstOrThrow()).id;
      const self = await post('/api/fsmc/user-info/change-locked-time', { id: adminId, lockedUntil: until });
      expect(self.body.code).toBe(CODE.notOnYourself);
      const malformed = await post('/api/fsmc/user-info/change-locked-time', { id: user.id, lockedUntil: 'tomorrow' });
      expect(malformed.status).toBe(400);
    });
  });

  describe('a duty: function grants, review, duty stations, the staff menu', () => {
    let duty: Row;
    it('adds a draft duty and sets the functions it grants; refuses a function that does not exist', async () => {
      const res = await post('/api/fsmc/duty/add', { dutyCode: 'ORG_CLERK', dutyName: '机构管理员', dutyNameEn: 'Organisation clerk', remark: '维护机构信息' });
      expect(res.body.data).toMatchObject({ dutyCode: 'ORG_CLERK', recordState: 'draft', remark: '维护机构信息' });
      duty = res.body.data;
      expect((await t.db.selectFrom('duty').select('status').where('id', '=', duty.id).executeTakeFirstOrThrow()).status).toBe('inactive');
      const unknown = await post('/api/fsmc/duty/save-function-tree', { id: duty.id, funcIds: [ORG_INFO_PAGE, 999_999] });
      expect([unknown.body.code, unknown.body.msg]).toEqual([CODE.funcUnknown, '功能 999999 不存在']);
      const saved = await post<{ granted: number[]; functions: MenuRow[] }>('/api/fsmc/duty/save-function-tree', { id: duty.id, funcIds: [ORG_INFO_PAGE] });
      expect(saved.body.data.granted).toEqual([ORG_INFO_PAGE]);
      const tree = await post<{ granted: number[]; functions: Array<MenuRow & { functionName: string }> }>('/api/fsmc/duty/query-function-tree', { id: duty.id }, admin, 'en-US');
      expect(tree.body.data.granted).toEqual([ORG_INFO_PAGE]);
      expect(tree.body.data.functions.find((f) => f.id === ORG_INFO_PAGE)).toMatchObject({ fatherFunctionId: 201, functionName: 'Organisation info', funcUrl: '/org-info' });
    });

    it('gives staff nothing before the grant: 403 on the resource, no menu item', async () => {
      expect((await post('/api/fsmc/org-info/query', { start: 1, limit: 10 }, staff)).status).toBe(403);
      expect((await menuOf(staff)).map((m) => m.id)).not.toContain(ORG_INFO_PAGE);
    });

    it('grants through duty stations only once the duty is approved by another administrator', async () => {
      const stations = await post<{ held: number[]; duties: Array<{ id: number; dutyCode: string }> }>('/api/fsmc/user-info/query-duty-station', { id: staffId });
      expect(stations.body.data.held).toEqual([staffDutyId]);
      expect(stations.body.data.duties.map((d) => d.dutyCode)).toEqual(expect.arrayContaining(['ADMIN', 'STAFF', 'ORG_CLERK']));
      const unknown = await post('/api/fsmc/user-info/save-duty-station', { id: staffId, dutyIds: [staffDutyId, 999_999] });
      expect(unknown.body.code).toBe(CODE.dutyUnknown);
      const saved = await post<{ held: number[] }>('/api/fsmc/user-info/save-duty-station', { id: staffId, dutyIds: [staffDutyId, duty.id] });
      expect(saved.body.data.held).toEqual([staffDutyId, duty.id].sort((a, b) => a - b));
      // A draft duty grants nothing yet.
      expect((await post('/api/fsmc/org-info/query', { start: 1, limit: 10 }, staff)).status).toBe(403);
      const submitted = await post('/api/fsmc/duty/submit', { id: duty.id, version: duty.version });
      expect((await post('/api/fsmc/duty/review', { id: duty.id, version: submitted.body.data.version, decision: 'pass' })).body.code).toBe(CODE.reviewOwnSubmission);
      const passed = await post('/api/fsmc/duty/review', { id: duty.id, version: submitted.body.data.version, decision: 'pass' }, admin2);
      expect(passed.body.data).toMatchObject({ recordState: 'approved', enabled: true });
      duty = passed.body.data;
    });

    it('shows the granted page and its ancestors in the staff menu after logging in again, and opens its routes', async () => {
      staff = await t.login(DEMO.staff);
      const ids = (await menuOf(staff)).map((m) => m.id);
      expect(ids).toEqual(expect.arrayContaining([2, 201, ORG_INFO_PAGE]));
      expect(ids).not.toContain(20103);
      // The function opens the route; which organisations it lists is data authorisation's
      // (staff hold no data grant here: tests/server/data-auth.test.ts).
      const page = await post<{ rows: Row[]; total: number }>('/api/fsmc/org-info/query', { start: 1, limit: 10 }, staff);
      expect([page.status, page.body.code, page.body.data.total]).toEqual([200, 0, 0]);
      const other = await post('/api/fsmc/department/query', { start: 1, limit: 10 }, staff);
      expect(other.status).toBe(403);
    });

    it('grants nothing while disabled, again once enabled', async () => {
      const off = await post('/api/fsmc/duty/disable', { id: duty.id, version: duty.version });
      expect((await post('/api/fsmc/org-info/query', { start: 1, limit: 10 }, staff)).status).toBe(403);
      expect((await menuOf(staff)).map((m) => m.id)).not.toContain(ORG_INFO_PAGE);
      const on = await post('/api/fsmc/duty/enable', { id: duty.id, version: off.body.data.version });
      expect((await post('/api/fsmc/org-info/query', { start: 1, limit: 10 }, staff)).body.code).toBe(0);
      duty = on.body.data;
    });

    it('refuses to cancel or delete a duty still held, says so when asked, and cancels it once free', async () => {
      const used = await post<{ used: boolean; count: number }>('/api/fsmc/duty/validate-duty-used', { id: duty.id });
      expect(used.body.data).toEqual({ used: true, count: 1 });
      const refused = await post('/api/fsmc/duty/cancel', { id: duty.id, version: duty.version }, admin, 'en-US');
      expect([refused.body.code, refused.body.msg]).toEqual([CODE.dutyUsed, 'Users still holding duty Organisation clerk: 1. Remove it from them before cancelling or deleting it']);
      // A draft held by someone is not deleted either (its stations would vanish with it).
      const draft = await post('/api/fsmc/duty/add', { dutyCode: 'DRAFT_HELD', dutyName: '草稿岗位' });
      await post('/api/fsmc/user-info/save-duty-station', { id: staffId, dutyIds: [staffDutyId, duty.id, draft.body.data.id] });
      const del = await post('/api/fsmc/duty/delete', { id: draft.body.data.id, version: 1 });
      expect([del.body.code, del.body.msg]).toEqual([CODE.dutyUsed, '岗位「草稿岗位」仍有 1 个用户在岗，请先解除其岗位后再作废或删除']);
      await post('/api/fsmc/user-info/save-duty-station', { id: staffId, dutyIds: [staffDutyId] });
      expect((await post('/api/fsmc/duty/validate-duty-used', { id: duty.id })).body.data).toEqual({ used: false, count: 0 });
      const cancelled = await post('/api/fsmc/duty/cancel', { id: duty.id, version: duty.version });
      expect(cancelled.body.data.recordState).toBe('nullified');
      expect((await t.db.selectFrom('duty').select('status').where('id', '=', duty.id).executeTakeFirstOrThrow()).status).toBe('inactive');
      // A cancelled duty is no longer offered or accepted as a station.
      const stations = await post<{ duties: Array<{ id: number }> }>('/api/fsmc/user-info/query-duty-station', { id: staffId });
      expect(stations.body.data.duties.map((d) => d.id)).not.toContain(duty.id);
      expect((await post('/api/fsmc/user-info/save-duty-station', { id: staffId, dutyIds: [duty.id] })).body.code).toBe(CODE.dutyUnknown);
      expect((await post('/api/fsmc/org-info/query', { start: 1, limit: 10 }, staff)).status).toBe(403);
    });

    it('does not let an administrator change the grants of a duty they hold', async () => {
      const adminDuty = (await t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'ADMIN').executeTakeFirstOrThrow()).id;
      const res = await post('/api/fsmc/duty/save-function-tree', { id: adminDuty, funcIds: [ORG_INFO_PAGE] });
      expect(res.body.code).toBe(CODE.notOnYourself);
    });
  });

  describe('validation calls (portal-shell §5)', () => {
    it('user code: taken by another user; the super administrator variant also counts the reserved code', async () => {
      const check = async (path: string, body: Record<string, unknown>) => (await post<{ exists: boolean }>(path, body)).body.data.exists;
      expect(await check('/api/fsmc/user-info/validate-user-code', { userCode: 'staff' })).toBe(true);
      expect(await check('/api/fsmc/user-info/validate-user-code', { userCode: 'staff', id: staffId })).toBe(false);
      expect(await check('/api/fsmc/user-info/validate-user-code', { userCode: 'nobody' })).toBe(false);
      expect(await check('/api/fsmc/user-info/validate-user-code', { userCode: 'ADMIN' })).toBe(false);
      expect(await check('/api/fsmc/user-info/validate-user-code-with-admin', { userCode: 'ADMIN' })).toBe(true);
      expect(await check('/api/fsmc/user-info/validate-user-code-with-admin', { userCode: 'nobody' })).toBe(false);
    });

    it('user mail: another user’s address, letter case aside', async () => {
      const check = async (body: Record<string, unknown>) => (await post<{ exists: boolean }>('/api/fsmc/user-info/validate-user-mail', body)).body.data.exists;
      expect(await check({ email: 'Staff@Example.invalid' })).toBe(true);
      expect(await check({ email: 'staff@example.invalid', id: staffId })).toBe(false);
      expect(await check({ email: 'free@example.invalid' })).toBe(false);
    });
  });

  it('lists the online users, most recently seen first', async () => {
    const res = await post<{ rows: Array<{ userCode: string; userName: string; loginAt: string; lastSeenAt: string }>; total: number }>('/api/fsmc/user-info/online-users', { start: 1, limit: 50 }, admin, 'en-US');
    expect(res.body.code).toBe(0);
    const codes = res.body.data.rows.map((r) => r.userCode);
    expect(codes).toEqual(expect.arrayContaining(['admin', 'admin2', 'staff']));
    expect(res.body.data.total).toBe(res.body.data.rows.length);
    expect(res.body.data.rows.find((r) => r.userCode === 'admin')).toMatchObject({ userName: 'Administrator', loginAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const page = await post<{ rows: unknown[]; total: number }>('/api/fsmc/user-info/online-users', { start: 1, limit: 1 });
    expect(page.body.data.rows).toHaveLength(1);
  });

  describe('who may do what', () => {
    /** A valid body for each new call, so that only the grant decides. */
    const BODIES: Record<keyof typeof contract.userAdmin, Record<string, unknown>> = {
      resetPassword: { id: 1 },
      lockState: { id: 1 },
      changeLockedTime: { id: 1, lockedUntil: null },
      onlineUsers: { start: 1, limit: 10 },
      dutyStations: { id: 1 },
      saveDutyStations: { id: 1, dutyIds: [] },
      functionTree: { id: 1 },
      saveFunctionTree: { id: 1, funcIds: [] },
      checkUserCode: { userCode: 'x' },
      checkUserCodeWithAdmin: { userCode: 'x' },
      checkEmail: { email: 'x@example.invalid' },
      dutyUsed: { id: 1 },
    };

    it('answers 403 on every new route to staff, whose duties grant neither users nor duties', async () => {
      for (const [name, endpoint] of Object.entries(contract.userAdmin) as Array<[keyof typeof BODIES, Endpoint]>) {
        const res = await post(endpoint.path, BODIES[name], staff);
        expect([name, res.status, res.body.code]).toEqual([name, 403, CODE.forbidden]);
      }
      for (const path of ['/api/fsmc/user-info/query', '/api/fsmc/duty/query']) expect((await post(path, { start: 1, limit: 10 }, staff)).status).toBe(403);
    });

    it('lets a user-administrator who is not an administrator manage staff only, never themselves', async () => {
      // A duty granting the users page, held by a staff member.
      const d = await post('/api/fsmc/duty/save-and-submit', { dutyCode: 'USER_ADMIN', dutyName: '用户管理员' });
      await post('/api/fsmc/duty/save-function-tree', { id: d.body.data.id, funcIds: [USERS_PAGE] });
      const approved = await post('/api/fsmc/duty/review', { id: d.body.data.id, version: d.body.data.version, decision: 'pass' }, admin2);
      expect(approved.body.data.recordState).toBe('approved');
      const manager = await approvedUser('manager01');
      await post('/api/fsmc/user-info/save-duty-station', { id: manager.id, dutyIds: [d.body.data.id] });
      const token = (await login('manager01', await resetPassword(manager.id))).body.data.JwtToken;

      const adminRow = (await t.db.selectFrom('appUser').select('id').where('userCode', '=', 'admin').executeTakeFirstOrThrow()).id;
      expect((await post('/api/fsmc/user-info/add', newUser('boss01', { userType: 1 }), token)).body.code).toBe(CODE.adminOnly);
      expect((await post('/api/fsmc/user-info/reset-password', { id: adminRow }, token)).body.code).toBe(CODE.adminOnly);
      expect((await post('/api/fsmc/user-info/save-duty-station', { id: manager.id, dutyIds: [staffDutyId] }, token)).body.code).toBe(CODE.notOnYourself);
      expect((await post('/api/fsmc/user-info/reset-password', { id: manager.id }, token)).body.code).toBe(CODE.notOnYourself);
      expect((await post('/api/fsmc/user-info/disable', { id: manager.id, version: manager.version }, token)).body.code).toBe(CODE.notOnYourself);
      // Staff are theirs to manage, with the duties they hold themselves; duties are not theirs.
      const added = await post('/api/fsmc/user-info/add', newUser('clerk09'), token);
      expect(added.body.code).toBe(0);
      const adminDuty = (await t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'ADMIN').executeTakeFirstOrThrow()).id;
      const foreign = await post('/api/fsmc/user-info/save-duty-station', { id: added.body.data.id, dutyIds: [adminDuty] }, token, 'en-US');
      expect([foreign.body.code, foreign.body.msg]).toEqual([CODE.notYours, `You can only grant duties or functions you hold yourself: ${adminDuty}`]);
      const own = await post<{ held: number[] }>('/api/fsmc/user-info/save-duty-station', { id: added.body.data.id, dutyIds: [d.body.data.id] }, token);
      expect(own.body.data.held).toEqual([d.body.data.id]);
      expect((await post('/api/fsmc/duty/query-function-tree', { id: d.body.data.id }, token)).status).toBe(403);
    });
  });

  it('lets a duty-administrator who is not an administrator grant only functions of their own', async () => {
    const DUTIES_PAGE = 60102;
    const own = await post('/api/fsmc/duty/save-and-submit', { dutyCode: 'DUTY_ADMIN', dutyName: '岗位管理员' });
    await post('/api/fsmc/duty/save-function-tree', { id: own.body.data.id, funcIds: [DUTIES_PAGE, ORG_INFO_PAGE] });
    await post('/api/fsmc/duty/review', { id: own.body.data.id, version: own.body.data.version, decision: 'pass' }, admin2);
    const keeper = await approvedUser('keeper01');
    await post('/api/fsmc/user-info/save-duty-station', { id: keeper.id, dutyIds: [own.body.data.id] });
    const token = (await login('keeper01', await resetPassword(keeper.id))).body.data.JwtToken;
    const other = await post('/api/fsmc/duty/add', { dutyCode: 'ORG_VIEW', dutyName: '机构查看' }, token);
    expect(other.body.code).toBe(0);
    const mine = await post<{ granted: number[] }>('/api/fsmc/duty/save-function-tree', { id: other.body.data.id, funcIds: [ORG_INFO_PAGE] }, token);
    expect(mine.body.data.granted).toEqual([ORG_INFO_PAGE]);
    const foreign = await post('/api/fsmc/duty/save-function-tree', { id: other.body.data.id, funcIds: [ORG_INFO_PAGE, USERS_PAGE] }, token);
    expect([foreign.body.code, foreign.body.msg]).toEqual([CODE.notYours, `只能授予您自己拥有的岗位或功能：${USERS_PAGE}`]);
    // Their own duty is not theirs to widen.
    expect((await post('/api/fsmc/duty/save-function-tree', { id: own.body.data.id, funcIds: [DUTIES_PAGE] }, token)).body.code).toBe(CODE.notOnYourself);
  });

  it('generates passwords of every character class, within the rule’s lengths', () => {
    for (const rule of [{ minLength: 8, maxLength: 128 }, { minLength: 24, maxLength: 128 }, { minLength: 8, maxLength: 10 }]) {
      const password = generatePassword(rule);
      expect(password.length).toBe(Math.min(Math.max(16, rule.minLength), rule.maxLength));
      expect(checkPassword(password, { ...rule, requireUpper: true, requireLower: true, requireDigit: true, requireSymbol: true, forbidUserCode: false })).toEqual([]);
    }
  });
});
