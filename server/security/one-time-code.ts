import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import type { OneTimeCodeTable } from '../db/schema';

/**
 * One-time secrets handed to a user (an identify code by mail, a reset ticket): only a salted
 * SHA-256 is stored, each expires, each is used at most once and allows a few wrong tries.
 * A new secret of the same purpose replaces the user's older ones.
 */
type Purpose = OneTimeCodeTable['purpose'];

const digest = (salt: string, secret: string) => createHash('sha256').update(`${salt}:${secret}`).digest('hex');

/** A numeric code of the given length, uniformly random. */
export const numericCode = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');
/** A 256-bit random ticket. */
export const ticket = () => randomBytes(32).toString('base64url');

export async function issueSecret(db: Db, userId: number, purpose: Purpose, secret: string, lifetimeMinutes: number, now = Date.now()): Promise<void> {
  const salt = randomBytes(16).toString('hex');
  const run = async (tx: Db) => {
    await tx.updateTable('oneTimeCode').set({ usedAt: new Date(now) }).where('userId', '=', userId).where('purpose', '=', purpose).where('usedAt', 'is', null).execute();
    await tx
      .insertInto('oneTimeCode')
      .values({ userId, purpose, salt, codeHash: digest(salt, secret), expiresAt: new Date(now + lifetimeMinutes * 60_000) })
      .execute();
  };
  // Joins the caller's transaction when given one (the code and its mail are written together).
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

/**
 * True when the secret matches the user's live one of that purpose. A match is used up when
 * `consume` is set; a miss counts a try, and the secret dies after maxAttempts tries.
 */
export async function checkSecret(db: Db, userId: number, purpose: Purpose, secret: string, options: { maxAttempts: number; consume: boolean; now?: number }): Promise<boolean> {
  const now = options.now ?? Date.now();
  const run = async (tx: Db) => {
    const live = await tx
      .selectFrom('oneTimeCode')
      .select(['id', 'salt', 'codeHash', 'attempts'])
      .where('userId', '=', userId)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', new Date(now))
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst();
    if (!live || live.attempts >= options.maxAttempts) return false;
    const expected = Buffer.from(live.codeHash, 'hex');
    const actual = Buffer.from(digest(live.salt, secret), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      await tx.updateTable('oneTimeCode').set({ attempts: live.attempts + 1 }).where('id', '=', live.id).execute();
      return false;
    }
    if (options.consume) await tx.updateTable('oneTimeCode').set({ usedAt: new Date(now) }).where('id', '=', live.id).execute();
    return true;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * Uses up the user's live secrets of that purpose (after the action it allowed succeeded);
 * how many were live, so a caller in a transaction can tell a concurrent use from its own.
 */
export async function consumeSecrets(db: Db, userId: number, purpose: Purpose, now = Date.now()): Promise<number> {
  const res = await db
    .updateTable('oneTimeCode')
    .set({ usedAt: new Date(now) })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date(now))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
