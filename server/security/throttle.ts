import type { Db } from '../db/database';

/**
 * Counts events (a failed login, a code sent) per bucket and subject in a sliding window, in
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
