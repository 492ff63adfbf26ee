import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { SUPER_ADMIN_CODE } from '../../src/shared/contract/user-admin';
import { checkPassword, type PasswordRule } from '../../src/shared/password-rule';
import { refuse } from '../http/answer';
import { localised } from '../i18n';
import { hashPassword } from '../security/password';
import { announceChange } from '../security/request-cache';
import { commonPasswordLookup } from '../security/common-passwords';
import { dutyFunctionIds, setDutyFunctions, setUserDuties, userDutyIds } from './duties';
import { incompatibleDuties } from '../resources/position-relation-hooks';
import { clearFailures } from './login';
import { loadPasswordRule } from './password-rule-store';
import { userMenu } from './menu';
import { setPassword } from './passwords';

/**
 * The SQL of the administration of users and duties (issue 10 point 3): what keeps the login
 * status and the grants in step with the records (used by server/resources/user-hooks.ts and
 * duty-hooks.ts inside the generic write's transaction), and the calls of
 * src/shared/contract/user-admin.ts (server/routes/fsmc/user-admin.ts).
 *
 * `app_user.status` is what login and every session check read: 'active' only while the user
 * is approved, enabled and not locked; 'locked' while approved and enabled but locked;
 * 'inactive' otherwise. `duty.status` is 'active' only while the duty is approved and enabled,
 * and only then do its functions count (services/permissions.ts and menu.ts join on it).
 */

export type UserStatus = 'active' | 'locked' | 'inactive';

// ---- Users: status, sessions, organisation, password --------------------------------------

/** Ends every live session of the user: their next call answers -998. */
export async function endUserSessions(db: Db, userId: number, now: Date): Promise<number> {
  const ended = await db.updateTable('userSession').set({ endedAt: now, endReason: 'expired' }).where('userId', '=', userId).where('endedAt', 'is', null).returning('tokenHash').execute();
  announceChange({ userId });
  return ended.length;
}

/**
 * Recomputes the user's login status from the record (state, enabled flag, lock) at `now`;
 * a user who may no longer log in loses their sessions at once.
 */
export async function syncUserStatus(db: Db, userId: number, now: Date): Promise<UserStatus> {
  const row = await db
    .updateTable('appUser')
    .set({
      status: sql<string>`case when record_state = 'approved' and enabled then (case when locked_until > ${now} then 'locked' else 'active' end) else 'inactive' end`,
    })
    .where('id', '=', userId)
    .returning('status')
    .executeTakeFirstOrThrow();
  const status = row.status as UserStatus;
  if (status !== 'active') await endUserSessions(db, userId, now);
  return status;
}

/** org_id, the foreign key the session reads, follows org_code. */
export async function syncUserOrg(db: Db, userId: number): Promise<void> {
  await sql`update app_user u set org_id = (select o.id from org o where o.org_code = u.org_code) where u.id = ${userId}`.execute(db);
}

/** An organisation code that names no organisation: 1602. */
export async function requireOrg(db: Db, orgCode: unknown): Promise<void> {
  if (typeof orgCode !== 'string' || orgCode === '') return;
  const found = await db.selectFrom('org').select('id').where('orgCode', '=', orgCode).executeTakeFirst();
  if (!found) throw refuse(CODE.orgUnknown, { code: orgCode });
}

/** Whether another user (not `exceptId`) has this e-mail address, letter case aside. */
export async function emailTaken(db: Db, email: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('appUser').select('id').where(sql<boolean>`lower(email) = lower(${email.trim()})`);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** The reserved code of the super administrator, in any letter case. */
export const isReservedUserCode = (userCode: string) => userCode.trim().toLowerCase() === SUPER_ADMIN_CODE;

/** Whether another user (not `exceptId`) has this code; `withAdmin` also counts the reserved code as taken. */
export async function userCodeTaken(db: Db, userCode: string, exceptId: number | null, withAdmin: boolean): Promise<boolean> {
  if (withAdmin && isReservedUserCode(userCode)) return true;
  let q = db.selectFrom('appUser').select('id').where('userCode', '=', userCode);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export interface UserTarget {
  id: number;
  userCode: string;
  userName: string;
  userType: number;
  recordState: string;
}

/** The user a call is about: 1401 when there is none, 1608 when cancelled. */
export async function requireUser(db: Db, id: number, { allowNullified = false } = {}): Promise<UserTarget> {
  const user = await db.selectFrom('appUser').select(['id', 'userCode', 'userName', 'userType', 'recordState']).where('id', '=', id).executeTakeFirst();
  if (!user) throw refuse(CODE.recordNotFound, { id });
  if (!allowNullified && user.recordState === 'nullified') throw refuse(CODE.userNullified, { user: user.userCode });
  return user;
}

/** A password nobody knows: a new user's, until an administrator resets it. */
export async function setUnknownPassword(db: Db, userId: number): Promise<void> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  await db.updateTable('appUser').set({ passwordHash }).where('id', '=', userId).execute();
}

const CLASSES = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digit: '23456789',
  symbol: '!@#$%^&*-_=+?',
} as const;
/** Length of a generated password when the rule allows it (ours: about 100 bits from these 70 characters). */
export const GENERATED_PASSWORD_LENGTH = 16;

/**
 * A random password of every character class (so any class the rule may require is there),
 * without look-alike characters (0/O, 1/l/I), at GENERATED_PASSWORD_LENGTH characters or the
 * rule's minimum when longer, within its maximum. Uniform choices from the system's CSPRNG.
 */
export function generatePassword(rule: Pick<PasswordRule, 'minLength' | 'maxLength'>, pick: (n: number) => number = (n) => randomInt(n)): string {
  const length = Math.min(Math.max(GENERATED_PASSWORD_LENGTH, rule.minLength), rule.maxLength);
  const all = Object.values(CLASSES).join('');
  const chars = Object.values(CLASSES).map((set) => set[pick(set.length)]!);
  while (chars.length < length) chars.push(all[pick(all.length)]!);
  // Fisher–Yates, so the guaranteed characters are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * Gives the user a new random password that meets the password rule (tried again in the rare
 * case it does not: a common word, the user's code), stores its hash, ends the user's sessions
 * and forgets their failed logins. The password is returned for the administrator's eyes once.
 */
export async function resetPassword(db: Db, user: { id: number; userCode: string }): Promise<string> {
  const rule = await loadPasswordRule(db);
  const isCommon = await commonPasswordLookup();
  let password = generatePassword(rule);
  while (checkPassword(password, rule, user.userCode, isCommon).length > 0) password = generatePassword(rule);
  await setPassword(db, user.id, password);
  await clearFailures(db, user.userCode);
  return password;
}

export interface LockAnswer {
  id: number;
  userCode: string;
  locked: boolean;
  lockedUntil: Date | null;
}

export async function lockState(db: Db, userId: number, now: Date): Promise<LockAnswer> {
  const row = await db.selectFrom('appUser').select(['id', 'userCode', 'lockedUntil']).where('id', '=', userId).executeTakeFirst();
  if (!row) throw refuse(CODE.recordNotFound, { id: userId });
  const locked = row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
  return { id: row.id, userCode: row.userCode, locked, lockedUntil: locked ? row.lockedUntil : null };
}

/** Locks the user until `until` (1605 unless in the future) or unlocks (null); the status follows. */
export async function changeLockedTime(db: Db, userId: number, until: Date | null, now: Date): Promise<LockAnswer> {
  if (until !== null && until.getTime() <= now.getTime()) throw refuse(CODE.lockTimePast);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('appUser').set({ lockedUntil: until }).where('id', '=', userId).execute();
    await syncUserStatus(tx, userId, now);
  });
  return lockState(db, userId, now);
}

// ---- Online users ----------------------------------------------------------------------

export async function onlineUsers(db: Db, page: number, limit: number, now: Date, lang: string) {
  const live = db
    .selectFrom('userSession as s')
    .innerJoin('appUser as u', 'u.id', 's.userId')
    .where('s.endedAt', 'is', null)
    .where('s.expiresAt', '>', now)
    .where('u.status', '=', 'active');
  const [{ total }, rows] = await Promise.all([
    live.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    live
      .select(['s.userId', 'u.userCode', 'u.userName', 'u.userNameEn', 'u.orgCode', 's.createdAt as loginAt', 's.lastSeenAt', 's.lang'])
      .orderBy('s.lastSeenAt', 'desc')
      .orderBy('s.createdAt', 'desc')
      .orderBy('s.tokenHash')
      .offset((page - 1) * limit)
      .limit(limit)
      .execute(),
  ]);
  return { total, rows: rows.map((r) => ({ userId: r.userId, userCode: r.userCode, userName: localised(lang, r.userName, r.userNameEn), orgCode: r.orgCode, loginAt: r.loginAt, lastSeenAt: r.lastSeenAt, lang: r.lang })) };
}

// ---- Duty stations ---------------------------------------------------------------------

export async function dutyStations(db: Db, userId: number, lang: string) {
  const duties = await db.selectFrom('duty').select(['id', 'dutyCode', 'dutyName', 'dutyNameEn', 'recordState', 'enabled']).where('recordState', '<>', 'nullified').orderBy('dutyCode').execute();
  const held = await userDutyIds(db, userId);
  return { userId, duties: duties.map((d) => ({ id: d.id, dutyCode: d.dutyCode, dutyName: localised(lang, d.dutyName, d.dutyNameEn), recordState: d.recordState, enabled: d.enabled })), held };
}

/** Sets the user's duties: every id must be a duty not cancelled (1604 names the others), no two of them incompatible (3303). */
export async function saveDutyStations(db: Db, userId: number, dutyIds: number[]): Promise<void> {
  const ids = [...new Set(dutyIds)];
  await db.transaction().execute(async (tx) => {
    const found = ids.length ? await tx.selectFrom('duty').select('id').where('id', 'in', ids).where('recordState', '<>', 'nullified').execute() : [];
    const have = new Set(found.map((d) => d.id));
    const missing = ids.filter((id) => !have.has(id));
    if (missing.length) throw refuse(CODE.dutyUnknown, { ids: missing.join(', ') });
    // Separation of duties (position relations): no user holds two incompatible duties.
    const broken = await incompatibleDuties(tx, ids);
    if (broken) throw refuse(CODE.positionIncompatible, broken);
    await setUserDuties(tx, userId, ids);
  });
}

/**
 * Someone who is not an administrator hands out only what they hold: every duty added to a
 * user's stations must be one of their own (1609 names the others). Duties the user already
 * holds may stay or go.
 */
export async function requireOwnDuties(db: Db, actorId: number, userId: number, dutyIds: number[]): Promise<void> {
  const before = new Set(await userDutyIds(db, userId));
  const mine = new Set(await userDutyIds(db, actorId));
  const foreign = [...new Set(dutyIds)].filter((id) => !before.has(id) && !mine.has(id));
  if (foreign.length) throw refuse(CODE.notYours, { ids: foreign.join(', ') });
}

// ---- Duties: status, use, function tree ---------------------------------------------------

export interface DutyTarget {
  id: number;
  dutyCode: string;
  dutyName: string;
  dutyNameEn: string | null;
  recordState: string;
}

/** The duty a call is about: 1401 when there is none. */
export async function requireDuty(db: Db, id: number): Promise<DutyTarget> {
  const duty = await db.selectFrom('duty').select(['id', 'dutyCode', 'dutyName', 'dutyNameEn', 'recordState']).where('id', '=', id).executeTakeFirst();
  if (!duty) throw refuse(CODE.recordNotFound, { id });
  return duty;
}

/** A duty grants its functions only while approved and enabled. */
export async function syncDutyStatus(db: Db, dutyId: number): Promise<void> {
  await db
    .updateTable('duty')
    .set({ status: sql<string>`case when record_state = 'approved' and enabled then 'active' else 'inactive' end` })
    .where('id', '=', dutyId)
    .execute();
}

/** How many users hold the duty. */
export async function dutyUsage(db: Db, dutyId: number): Promise<number> {
  const { n } = await db.selectFrom('userDuty').select(sql<number>`count(*)::int`.as('n')).where('dutyId', '=', dutyId).executeTakeFirstOrThrow();
  return n;
}

/** Whether the user holds the duty (no one changes the grants of a duty they hold themselves). */
export async function holdsDuty(db: Db, userId: number, dutyId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('userDuty').select('dutyId').where('userId', '=', userId).where('dutyId', '=', dutyId).executeTakeFirst());
}

export async function functionGrants(db: Db, dutyId: number, lang: string) {
  const name = lang === 'en-US' ? 'functionNameEn' : 'functionName';
  const functions = await db.selectFrom('func').select(['id', 'fatherFunctionId', `${name} as functionName`, 'funcUrl', 'funcOrder']).orderBy('funcOrder').orderBy('id').execute();
  return { dutyId, functions, granted: await dutyFunctionIds(db, dutyId) };
}

/**
 * Sets the functions the duty grants, as given (the browser sends the pages checked; the menu
 * adds their ancestors, services/menu.ts). 1603 names ids that are no function.
 */
export async function saveFunctionGrants(db: Db, dutyId: number, funcIds: number[]): Promise<void> {
  const ids = [...new Set(funcIds)];
  await db.transaction().execute(async (tx) => {
    const found = ids.length ? await tx.selectFrom('func').select('id').where('id', 'in', ids).execute() : [];
    const have = new Set(found.map((f) => f.id));
    const missing = ids.filter((id) => !have.has(id));
    if (missing.length) throw refuse(CODE.funcUnknown, { ids: missing.join(', ') });
    await setDutyFunctions(tx, dutyId, ids);
  });
}

/**
 * The same for functions: every function added to a duty must be in the actor's own menu (the
 * functions their duties grant, with their groups and areas); 1609 names the others.
 */
export async function requireOwnFunctions(db: Db, actorId: number, dutyId: number, funcIds: number[]): Promise<void> {
  const before = new Set(await dutyFunctionIds(db, dutyId));
  const mine = new Set((await userMenu(db, actorId, 'zh-CN')).map((f) => f.id));
  const foreign = [...new Set(funcIds)].filter((id) => !before.has(id) && !mine.has(id));
  if (foreign.length) throw refuse(CODE.notYours, { ids: foreign.join(', ') });
}

export { localised };
