import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Counts events (a login attempt, a code sent) per bucket and subject in a sliding window, in
 * the database so every server process sees the same counts. A subject is what is limited: a
 * user code as typed, or a client address.
 */
export interface Limit {
  bucket: string;
  max: number;
  windowMinutes: number;
}

const MINUTE_MS = 60_000;

/**
 * Whole minutes to wait before the subject may try again (at least 1), or 0 when it may now:
 * the wait ends when the max-th newest event leaves the window.
 */
export async function minutesToWait(db: Db, limit: Limit, subject: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - limit.windowMinutes * MINUTE_MS);
  const row = await db
    .selectFrom('throttleEvent')
    .select('createdAt')
    .where('bucket', '=', limit.bucket)
    .where('subject', '=', subject)
    .where('createdAt', '>', since)
    .orderBy('createdAt', 'desc')
    .offset(limit.max - 1)
    .limit(1)
    .executeTakeFirst();
  if (!row) return 0;
  const leaves = row.createdAt.getTime() + limit.windowMinutes * MINUTE_MS;
  return Math.max(1, Math.ceil((leaves - now.getTime()) / MINUTE_MS));
}

/** Counts one event, and forgets this subject's events that left the window. */
export async function recordEvent(db: Db, limit: Limit, subject: string, now = Date.now()): Promise<void> {
  await db.insertInto('throttleEvent').values({ bucket: limit.bucket, subject, createdAt: new Date(now) }).execute();
  await db
    .deleteFrom('throttleEvent')
    .where('bucket', '=', limit.bucket)
    .where('subject', '=', subject)
    .where('createdAt', '<', new Date(now - limit.windowMinutes * MINUTE_MS))
    .execute();
}

export async function clearEvents(db: Db, bucket: string, subject: string): Promise<void> {
  await db.deleteFrom('throttleEvent').where('bucket', '=', bucket).where('subject', '=', subject).execute();
}

export type Claim = { ok: true; ids: number[] } | { ok: false; minutes: number };

/**
 * Claims one attempt against every limit at once, or none: under a transaction-scoped
 * advisory lock per bucket and subject, the window is counted and the event inserted before
 * the lock is let go, so concurrent requests (on any process) queue on the lock and see each
 * other's claims. Checking and recording in separate steps let 40 concurrent logins through
 * where 5 should pass. Locks are taken in the order given, which callers keep fixed
 * (user before address), so two claims cannot deadlock.
 */
export async function claimAttempt(db: Db, checks: Array<{ limit: Limit; subject: string }>, now = new Date()): Promise<Claim> {
  return db.transaction().execute(async (tx) => {
    for (const { limit, subject } of checks) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`${limit.bucket}\n${subject}`}, 0))`.execute(tx);
    }
    let minutes = 0;
    for (const { limit, subject } of checks) minutes = Math.max(minutes, await minutesToWait(tx, limit, subject, now));
    if (minutes > 0) return { ok: false as const, minutes };
    const ids: number[] = [];
    for (const { limit, subject } of checks) {
      const row = await tx.insertInto('throttleEvent').values({ bucket: limit.bucket, subject, createdAt: now }).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
      await tx
        .deleteFrom('throttleEvent')
        .where('bucket', '=', limit.bucket)
        .where('subject', '=', subject)
        .where('createdAt', '<', new Date(now.getTime() - limit.windowMinutes * MINUTE_MS))
        .execute();
    }
    return { ok: true as const, ids };
  });
}

/** Gives back a claim whose attempt succeeded, so it does not count as a failure. */
export async function releaseClaim(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('throttleEvent').where('id', 'in', ids).execute();
}
