import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { checkPassword, describeProblems } from '../../src/shared/password-rule';
import { refuse } from '../http/answer';
import type { Translate } from '../i18n';
import { hashPassword } from '../security/password';
import { announceChange } from '../security/request-cache';
import { commonPasswordLookup } from '../security/common-passwords';
import { loadPasswordRule } from './password-rule-store';

/** Setting a user's password: the rule first (1212 naming what is missing), then the hash. */
export async function enforcePasswordRule(db: Db, password: string, userCode: string, t: Translate): Promise<void> {
  const problems = checkPassword(password, await loadPasswordRule(db), userCode, await commonPasswordLookup());
  if (problems.length) throw refuse(CODE.passwordRuleViolated, { detail: describeProblems(problems, t) }, { data: { problems } });
}

/**
 * Stores a new hash and ends the user's sessions (all, or all but the one given), so a
 * password reset also locks out whoever knew the old one. Joins the caller's transaction.
 */
export async function storePasswordHash(db: Db, userId: number, passwordHash: string, keepSessionHash?: string): Promise<void> {
  const run = async (tx: Db) => {
    await tx.updateTable('appUser').set({ passwordHash, updatedAt: new Date() }).where('id', '=', userId).execute();
    let end = tx.updateTable('userSession').set({ endedAt: new Date(), endReason: 'expired' }).where('userId', '=', userId).where('endedAt', 'is', null);
    if (keepSessionHash) end = end.where('tokenHash', '!=', keepSessionHash);
    await end.execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
  // Inside a caller's transaction this comes before its commit: the cache keeps the user's
  // sessions out for a whole TTL, so no read racing the commit puts them back.
  announceChange({ userId });
}

export async function setPassword(db: Db, userId: number, password: string, keepSessionHash?: string): Promise<void> {
  await storePasswordHash(db, userId, await hashPassword(password), keepSessionHash);
}
