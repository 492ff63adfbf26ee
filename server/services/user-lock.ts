import type { Db } from '../db/database';

/**
 * A lock whose time has passed ends by itself: login calls this for a user found 'locked', and
 * the user is 'active' again when the lock's time is past (and the record still approved and
 * enabled). True when the user may log in now.
 */
export async function releaseElapsedLock(db: Db, userId: number, now: Date): Promise<boolean> {
  const released = await db
    .updateTable('appUser')
    .set({ status: 'active' })
    .where('id', '=', userId)
    .where('status', '=', 'locked')
    .where('recordState', '=', 'approved')
    .where('enabled', '=', true)
    .where('lockedUntil', '<=', now)
    .returning('id')
    .executeTakeFirst();
  return Boolean(released);
}
