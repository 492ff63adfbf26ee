import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { HEADERS, LOGIN_THROTTLE, type Language } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../security/password';
import { createSession, hashToken, type SessionPolicy } from '../security/sessions';
import { bindKeyToSession } from '../security/envelope-keys';
import { claimAttempt, clearEvents, releaseClaim, type Limit } from '../security/throttle';
import { loginUserInfo, userLanguage } from './login-info';
import { releaseElapsedLock } from './user-lock';

/**
 * Password login with throttling (issue 5 point 1), and the one way a login hands out a
 * session, shared by the password and QR-code logins.
 */
export const USER_FAILURES: Limit = { bucket: 'login-user', max: LOGIN_THROTTLE.userFailures, windowMinutes: LOGIN_THROTTLE.windowMinutes };
export const ADDRESS_FAILURES: Limit = { bucket: 'login-address', max: LOGIN_THROTTLE.addressFailures, windowMinutes: LOGIN_THROTTLE.windowMinutes };

/** User codes compare case-insensitively for throttling, so 'Admin' and 'admin' share a count. */
const userSubject = (userCode: string) => userCode.trim().toLowerCase();

export interface LoginAnswer {
  JwtToken: string;
  lang: Language;
  loginUserInfo: Awaited<ReturnType<typeof loginUserInfo>>;
}

/** `keepSessionHash`: a session of the user this login leaves running (the phone that confirmed a QR login). */
export async function startLogin(db: Db, request: FastifyRequest, userId: number, policy: SessionPolicy, keepSessionHash?: string): Promise<LoginAnswer> {
  const info = await loginUserInfo(db, userId);
  const lang = await userLanguage(db, info.lang, request.lang);
  const clusterNo = request.headers[HEADERS.clusterNo.toLowerCase()];
  const token = await createSession(db, userId, policy, { lang, clusterNo: typeof clusterNo === 'string' ? clusterNo : null, now: request.server.clock.now(), keepSessionHash });
  // The envelope key this login came under now belongs to the new session (issue 9).
  if (request.envelopeKeyId) await bindKeyToSession(db, request.envelopeKeyId, hashToken(token));
  return { JwtToken: token, lang, loginUserInfo: info };
}

/**
 * Claims one password attempt for the user code and the address before any hash is computed,
 * or refuses with 1201 while either has used up its window. The claim counts as a failure
 * until the caller releases it (the password was right), so concurrent guesses cannot slip
 * between the check and the count.
 */
export async function claimPasswordAttempt(db: Db, userCode: string, address: string, now = Date.now()): Promise<number[]> {
  const claim = await claimAttempt(db, [
    { limit: USER_FAILURES, subject: userSubject(userCode) },
    { limit: ADDRESS_FAILURES, subject: address },
  ], new Date(now));
  if (!claim.ok) throw refuse(CODE.throttled, { minutes: claim.minutes }, { data: { minutes: claim.minutes } });
  return claim.ids;
}

/**
 * Checks a password under a claimed attempt: a wrong one keeps the claim as a failure; a
 * right one gives it back and forgets the user's earlier failures; a check refused for load
 * (1204) gives it back too, since nothing was tried.
 */
export async function checkClaimedPassword(db: Db, ids: number[], userCode: string, password: string, stored: string | undefined): Promise<boolean> {
  let valid: boolean;
  try {
    // Verify against a dummy hash when the user is unknown, so the answer's timing does not tell.
    valid = await verifyPassword(password, stored ?? DUMMY_HASH);
  } catch (error) {
    await releaseClaim(db, ids);
    throw error;
  }
  if (!valid || stored === undefined) return false;
  await releaseClaim(db, ids);
  await clearFailures(db, userCode);
  return true;
}

export const clearFailures = (db: Db, userCode: string) => clearEvents(db, USER_FAILURES.bucket, userSubject(userCode));

export async function passwordLogin(db: Db, request: FastifyRequest, credentials: { userCode: string; password: string }, policy: SessionPolicy): Promise<LoginAnswer> {
  const { userCode, password } = credentials;
  const ids = await claimPasswordAttempt(db, userCode, request.ip, request.server.clock.now());
  const user = await db.selectFrom('appUser').select(['id', 'userCode', 'passwordHash', 'status']).where('userCode', '=', userCode).executeTakeFirst();
  if (!user || !(await checkClaimedPassword(db, ids, userCode, password, user?.passwordHash))) throw refuse(CODE.badCredentials);
  // A lock whose time has passed ends here (services/user-admin.ts); any other status refuses.
  if (user.status !== 'active' && !(await releaseElapsedLock(db, user.id, new Date(request.server.clock.now())))) throw refuse(CODE.userLocked);
  if (needsRehash(user.passwordHash)) {
    await db.updateTable('appUser').set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where('id', '=', user.id).execute();
  }
  return startLogin(db, request, user.id, policy);
}
