import { hash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import type { UserIdentity } from '../../src/shared/session';
import { announceChange } from './request-cache';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

export type SessionUser = UserIdentity;

export type SessionLookup =
  | {
      ok: true;
      tokenHash: string;
      user: SessionUser;
      /**
       * Until when a check of this session would neither refuse it nor need to extend it: what a
       * cache may answer for, by its own clock, without losing the sliding expiry.
       */
      quietUntil: number;
    }
  | { ok: false; code: typeof CODE.loginExpired | typeof CODE.loginElsewhere };

// node:crypto's one-shot hash: a third of createHash's cost, on every authenticated request.
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/**
 * Sliding idle expiry without a write per request. A use stores expires_at = now + idle + slack;
 * later uses write again only once less than the idle window is left, i.e. after more than
 * `slack` has passed. So a session always lives at least the idle window after its last use,
 * and at most `slack` longer. The slack is a tenth of the window, at most a minute: a fixed
 * "touch once a minute" let a 1-minute session used every 20 s die at 60 s, because no use
 * before the minute was ever written.
 */
export const idleSlackMs = (idleMinutes: number) => Math.min(60_000, (idleMinutes * 60_000) / 10);

function slidingExpiry(createdAt: number, now: number, policy: SessionPolicy): Date {
  const hardEnd = createdAt + policy.maxHours * 3_600_000;
  return new Date(Math.min(now + policy.idleMinutes * 60_000 + idleSlackMs(policy.idleMinutes), hardEnd));
}

/**
 * Starts a session for the user and ends every other one of theirs, which will answer -997
 * (logged in elsewhere). The token goes to the client once; only its hash is stored, so the
 * sessions live in the database and any server process on it can check them.
 */
export async function createSession(db: Db, userId: number, policy: SessionPolicy, extra: { lang?: string; clusterNo?: string | null; now?: number; keepSessionHash?: string } = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date(extra.now ?? Date.now());
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
        expiresAt: slidingExpiry(now.getTime(), now.getTime(), policy),
        lang: extra.lang ?? null,
        clusterNo: extra.clusterNo ?? null,
      })
      .execute();
  });
  // The user's other sessions have ended: this process's session cache forgets them now.
  announceChange({ userId });
  return token;
}

export async function findSession(db: Db, token: string | undefined, policy: SessionPolicy, now = Date.now()): Promise<SessionLookup> {
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
  if (row.expiresAt.getTime() <= now || row.status !== 'active') {
    await endSession(db, tokenHash, 'expired');
    return { ok: false, code: CODE.loginExpired };
  }
  const hardEnd = row.createdAt.getTime() + policy.maxHours * 3_600_000;
  const idleMs = policy.idleMinutes * 60_000;
  let expiresAt = row.expiresAt.getTime();
  // At the hard end there is nothing left to extend, so nothing to write.
  if (expiresAt < hardEnd && expiresAt - now < idleMs) {
    const extended = slidingExpiry(row.createdAt.getTime(), now, policy);
    await db.updateTable('userSession').set({ lastSeenAt: new Date(now), expiresAt: extended }).where('tokenHash', '=', tokenHash).execute();
    expiresAt = extended.getTime();
  }
  const quietUntil = expiresAt >= hardEnd ? expiresAt : expiresAt - idleMs;
  const { id, userCode, userName, userNameEn, userType, staffType, orgId } = row;
  return { ok: true, tokenHash, user: { id, userCode, userName, userNameEn, userType, staffType, orgId }, quietUntil };
}

export async function endSession(db: Db, tokenHash: string, reason: 'logout' | 'expired'): Promise<void> {
  await db.updateTable('userSession').set({ endedAt: sql`now()`, endReason: reason }).where('tokenHash', '=', tokenHash).where('endedAt', 'is', null).execute();
  announceChange({ tokenHash });
}
