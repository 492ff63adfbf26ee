import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import type { UserIdentity } from '../../src/shared/session';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

export type SessionUser = UserIdentity;

export type SessionLookup =
  | { ok: true; tokenHash: string; user: SessionUser }
  | { ok: false; code: typeof CODE.loginExpired | typeof CODE.loginElsewhere };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Don't write last_seen on every request: once a minute is enough for a sliding expiry. */
const TOUCH_AFTER_MS = 60_000;

/**
 * Starts a session for the user and ends every other one of theirs, which will answer -997
 * (logged in elsewhere). The token goes to the client once; only its hash is stored, so the
 * sessions live in the database and any server process on it can check them.
 */
export async function createSession(db: Db, userId: number, policy: SessionPolicy, extra: { lang?: string; clusterNo?: string | null; keepSessionHash?: string } = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('userSession')
      .set({ endedAt: now, endReason: 'elsewhere' })
      .where('userId', '=', userId)
      .where('endedAt', 'is', null)
      .$if(extra.keepSessionHash !== undefined, (q) => q.where('tokenHash', '!=', extra.keepSessionHash!))
      .execute();
    await tx
      .insertInto('userSession')
      .values({
        tokenHash: hashToken(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + Math.min(policy.idleMinutes * 60_000, policy.maxHours * 3_600_000)),
        lang: extra.lang ?? null,
        clusterNo: extra.clusterNo ?? null,
      })
      .execute();
  });
  return token;
}

export async function findSession(db: Db, token: string | undefined, policy: SessionPolicy): Promise<SessionLookup> {
  if (!token) return { ok: false, code: CODE.loginExpired };
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('userSession as s')
    .innerJoin('appUser as u', 'u.id', 's.userId')
    .select(['s.tokenHash', 's.createdAt', 's.lastSeenAt', 's.expiresAt', 's.endedAt', 's.endReason', 'u.id', 'u.userCode', 'u.userName', 'u.userNameEn', 'u.userType', 'u.staffType', 'u.orgId', 'u.status'])
    .where('s.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return { ok: false, code: CODE.loginExpired };
  if (row.endedAt) return { ok: false, code: row.endReason === 'elsewhere' ? CODE.loginElsewhere : CODE.loginExpired };
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.status !== 'active') {
    await endSession(db, tokenHash, 'expired');
    return { ok: false, code: CODE.loginExpired };
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    const hardEnd = row.createdAt.getTime() + policy.maxHours * 3_600_000;
    await db
      .updateTable('userSession')
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(Math.min(now + policy.idleMinutes * 60_000, hardEnd)) })
      .where('tokenHash', '=', tokenHash)
      .execute();
  }
  const { id, userCode, userName, userNameEn, userType, staffType, orgId } = row;
  return { ok: true, tokenHash, user: { id, userCode, userName, userNameEn, userType, staffType, orgId } };
}

export async function endSession(db: Db, tokenHash: string, reason: 'logout' | 'expired'): Promise<void> {
  await db.updateTable('userSession').set({ endedAt: sql`now()`, endReason: reason }).where('tokenHash', '=', tokenHash).where('endedAt', 'is', null).execute();
}
