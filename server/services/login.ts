import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { HEADERS, LANGUAGES, LOGIN_THROTTLE, type Language } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { AppError } from '../http/answer';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../security/password';
import { createSession, type SessionPolicy } from '../security/sessions';
import { clearEvents, minutesToWait, recordEvent, type Limit } from '../security/throttle';
import { loginUserInfo } from './login-info';

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
  const lang = (LANGUAGES as readonly string[]).includes(info.lang ?? '') ? (info.lang as Language) : request.lang;
  const clusterNo = request.headers[HEADERS.clusterNo.toLowerCase()];
  const token = await createSession(db, userId, policy, { lang, clusterNo: typeof clusterNo === 'string' ? clusterNo : null, keepSessionHash });
  return { JwtToken: token, lang, loginUserInfo: info };
}

/** Refuses with 1201 while the user code or the address has too many recent failures. */
export async function refuseIfThrottled(db: Db, userCode: string, address: string): Promise<void> {
  const minutes = Math.max(await minutesToWait(db, USER_FAILURES, userSubject(userCode)), await minutesToWait(db, ADDRESS_FAILURES, address));
  if (minutes > 0) throw new AppError(200, CODE.throttled, { minutes }, { minutes });
}

export async function recordFailure(db: Db, userCode: string, address: string): Promise<void> {
  await recordEvent(db, USER_FAILURES, userSubject(userCode));
  await recordEvent(db, ADDRESS_FAILURES, address);
}

export const clearFailures = (db: Db, userCode: string) => clearEvents(db, USER_FAILURES.bucket, userSubject(userCode));

export async function passwordLogin(db: Db, request: FastifyRequest, credentials: { userCode: string; password: string }, policy: SessionPolicy): Promise<LoginAnswer> {
  const { userCode, password } = credentials;
  await refuseIfThrottled(db, userCode, request.ip);
  const user = await db.selectFrom('appUser').select(['id', 'userCode', 'passwordHash', 'status']).where('userCode', '=', userCode).executeTakeFirst();
  // Verify against a dummy hash when the user is unknown, so the answer's timing does not tell.
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) {
    await recordFailure(db, userCode, request.ip);
    throw new AppError(200, CODE.badCredentials);
  }
  if (user.status !== 'active') throw new AppError(200, CODE.userLocked);
  await clearFailures(db, userCode);
  if (needsRehash(user.passwordHash)) {
    await db.updateTable('appUser').set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where('id', '=', user.id).execute();
  }
  return startLogin(db, request, user.id, policy);
}
