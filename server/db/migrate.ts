import type { Kysely } from 'kysely';
import { Migrator } from 'kysely';
import { migrations } from './migrations';

/** Brings the schema to the newest version; run at every start, a no-op when current. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
