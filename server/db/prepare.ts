import { sql } from 'kysely';
import type { Db } from './database';
import { migrateToLatest } from './migrate';
import { seedIfEmpty, demoUsers, type DemoUser } from './seed';

/**
 * Any number of processes may start together on a new database: each takes this advisory
 * lock (held by one connection, released when it is done or when that connection dies), so
 * one migrates and seeds while the others wait, then find the work done. The key is arbitrary
 * but fixed: 'portal' in ASCII.
 */
export const PREPARE_LOCK_KEY = 0x706f7274616c;

export interface Prepared {
  applied: string[];
  /** The demo users created now, or null when the database was seeded before. */
  created: DemoUser[] | null;
}

export async function prepareDatabase(db: Db, users: DemoUser[] = demoUsers()): Promise<Prepared> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${PREPARE_LOCK_KEY}::bigint)`.execute(conn);
    try {
      const applied = await migrateToLatest(conn);
      const created = await seedIfEmpty(conn, users);
      return { applied, created };
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK_KEY}::bigint)`.execute(conn);
    }
  });
}
