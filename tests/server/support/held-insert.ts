import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../server/db/database';

/**
 * A row inserted on another connection and left uncommitted until `release`. A request writing
 * the same unique value meanwhile passes its own check (the row is not visible to it), then
 * waits on the unique index; released, its insert meets the index's refusal (23505), which is
 * the race of two concurrent writes made certain. PostgreSQL only: PGlite runs one statement at
 * a time, so nothing waits there.
 */
export async function heldInsert(db: Db, insert: RawBuilder<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let inserted!: () => void;
  const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
  const holder = db.transaction().execute(async (tx) => {
    await insert.execute(tx);
    inserted();
    await released;
  });
  await insertedYet;
  return {
    /** Until a statement inserting into `table` waits for the held row's lock (what PostgreSQL shows of it). */
    async writerWaiting(table: string): Promise<void> {
      for (;;) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike ${`insert into "${table}"%`}`.execute(db);
        if (rows[0]!.n > 0) return;
      }
    },
    /** Commits the held row. */
    async release(): Promise<void> {
      release();
      await holder;
    },
  };
}
