import pg from 'pg';
import { PG_DB_PREFIX, readState } from './backends';

export default async function globalTeardown() {
  const { postgresAdminUrl } = readState();
  if (!postgresAdminUrl) return;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  // Per-file databases that a crashed worker left behind, and the template.
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [PG_DB_PREFIX]);
  for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  await admin.end();
}
