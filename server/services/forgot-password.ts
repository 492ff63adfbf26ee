import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import {
  IDENTIFY_CODE_LENGTH,
  IDENTIFY_CODE_LIFETIME_MINUTES,
  IDENTIFY_CODE_MAX_ATTEMPTS,
  IDENTIFY_CODE_SEND_LIMIT,
  LANGUAGES,
  RESET_TICKET_LIFETIME_MINUTES,
  type Language,
} from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { localised, translator, type Translate } from '../i18n';
import { checkSecret, consumeSecrets, issueSecret, numericCode, ticket } from '../security/one-time-code';
import { hashPassword } from '../security/password';
import { claimAttempt, type Limit } from '../security/throttle';
import { defer } from './deferred';
import { clearFailures } from './login';
import { sendMail } from './mail';
import { enforcePasswordRule, storePasswordHash } from './passwords';

/**
 * Forgot password (shell §2): an identify code by mail (the outbox while no mail server is
 * configured), exchanged for a short-lived reset ticket, which sets a password the rule accepts.
 * Every answer is the same whether or not the user exists.
 */
const PER_USER: Limit = { bucket: 'identify-user', max: IDENTIFY_CODE_SEND_LIMIT.perUser, windowMinutes: IDENTIFY_CODE_SEND_LIMIT.windowMinutes };
const PER_ADDRESS: Limit = { bucket: 'identify-address', max: IDENTIFY_CODE_SEND_LIMIT.perAddress, windowMinutes: IDENTIFY_CODE_SEND_LIMIT.windowMinutes };
const isLanguage = (lang: string | null): lang is Language => (LANGUAGES as readonly (string | null)[]).includes(lang);

const findUser = (db: Db, code: string) =>
  db.selectFrom('appUser').select(['id', 'userCode', 'userName', 'userNameEn', 'email', 'lang', 'status']).where('userCode', '=', code).executeTakeFirst();

/**
 * Claims a send atomically (15 concurrent sends for one user mail 3 codes, not 15), then answers;
 * everything that depends on whether the user exists runs after the answer, so a known and an
 * unknown user code take the same path and the same time.
 */
export async function sendIdentifyCode(db: Db, log: FastifyBaseLogger, userCode: string, address: string, pageLang: Language, now: number, answered?: Promise<void>): Promise<void> {
  const subject = userCode.trim().toLowerCase();
  const claim = await claimAttempt(db, [
    { limit: PER_USER, subject },
    { limit: PER_ADDRESS, subject: address },
  ], new Date(now));
  if (!claim.ok) throw refuse(CODE.tooManyRequests, { minutes: claim.minutes }, { data: { minutes: claim.minutes } });
  defer(log, () => mailIdentifyCode(db, userCode, pageLang, now), answered);
}

async function mailIdentifyCode(db: Db, userCode: string, pageLang: Language, now: number): Promise<void> {
  const user = await findUser(db, userCode);
  if (!user || user.status !== 'active' || !user.email) return;
  const code = numericCode(IDENTIFY_CODE_LENGTH);
  // The mail speaks the user's own language when they chose one, else the page's.
  const lang = isLanguage(user.lang) ? user.lang : pageLang;
  const t = translator(lang);
  const mail = {
    recipient: user.email,
    subject: t('resetMail.subject'),
    body: t('resetMail.body', { userName: localised(lang, user.userName, user.userNameEn), code, minutes: IDENTIFY_CODE_LIFETIME_MINUTES }),
  };
  // The code and its mail together: no code without its mail, no mail with a code never stored.
  await db.transaction().execute(async (tx) => {
    await issueSecret(tx, user.id, 'identify', code, IDENTIFY_CODE_LIFETIME_MINUTES, now);
    await sendMail(tx, mail);
  });
}

export async function validateIdentifyCode(db: Db, userCode: string, code: string, now: number): Promise<{ resetTicket: string }> {
  const user = await findUser(db, userCode);
  const valid = user && user.status === 'active' && (await checkSecret(db, user.id, 'identify', code.trim(), { maxAttempts: IDENTIFY_CODE_MAX_ATTEMPTS, consume: true, now }));
  if (!user || !valid) throw refuse(CODE.identifyCodeInvalid);
  const resetTicket = ticket();
  await issueSecret(db, user.id, 'reset-ticket', resetTicket, RESET_TICKET_LIFETIME_MINUTES, now);
  return { resetTicket };
}

/**
 * Sets the new password. The ticket is checked without using it up, so a password the rule
 * refuses can be retried; then using up the ticket, storing the hash, ending the sessions and
 * clearing the failed logins happen in one transaction: all of them, or none.
 */
export async function resetPassword(db: Db, input: { userCode: string; resetTicket: string; newPassword: string }, t: Translate, now: number): Promise<void> {
  const user = await findUser(db, input.userCode);
  const valid =
    user && user.status === 'active' && (await checkSecret(db, user.id, 'reset-ticket', input.resetTicket, { maxAttempts: IDENTIFY_CODE_MAX_ATTEMPTS, consume: false, now }));
  if (!user || !valid) throw refuse(CODE.resetTicketInvalid);
  await enforcePasswordRule(db, input.newPassword, user.userCode, t);
  // Hashing takes a while: before the transaction, which stays short.
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (tx) => {
    // Another request may have used the ticket meanwhile: only one of them sets a password.
    if ((await consumeSecrets(tx, user.id, 'reset-ticket', now)) === 0) throw refuse(CODE.resetTicketInvalid);
    await storePasswordHash(tx, user.id, passwordHash);
    await clearFailures(tx, user.userCode);
  });
}
