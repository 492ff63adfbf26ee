import fs from 'node:fs';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseTarget {
  /** postgres://… for a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** A directory for embedded PGlite; 'memory://' keeps it in memory. */
  dataDir?: string;
}

/**
 * Opens the one query layer the server uses: Kysely over PGlite (embedded, the default) or
 * over pg (a PostgreSQL server). Both speak the same SQL, so the migrations and every query
 * are written once.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.databaseUrl) {
    const { default: pg } = await import('pg');
    // int8 (count(*), sums) as a JS number: our counts stay far below 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  }
  const dataDir = target.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(dataDir, { parsers: { 20: (v: string) => Number(v) } });
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
}
