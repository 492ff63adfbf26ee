// First: sets the test hashing cost before anything loads the password module.
import './hash-cost';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedIfEmpty, demoUsers } from '../../../server/db/seed';
import { PGLITE_TEMPLATE, PGLITE_TEMPLATE_TAR, PG_TEMPLATE_DB, STATE_FILE, TMP, withDatabase, type SetupState } from './backends';

async function reachablePostgres(): Promise<string | null> {
  const candidates = [process.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres'].filter(Boolean) as string[];
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return url;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  return null;
}

/** The PGlite template: migrated and seeded in a directory, then dumped to one tarball. */
async function pgliteTemplate(users: ReturnType<typeof demoUsers>) {
  fs.rmSync(PGLITE_TEMPLATE, { recursive: true, force: true });
  const lite = await openDatabase({ dataDir: PGLITE_TEMPLATE });
  await migrateToLatest(lite);
  await seedIfEmpty(lite, users);
  await lite.destroy();
  const { PGlite } = await import('@electric-sql/pglite');
  const raw = await PGlite.create(PGLITE_TEMPLATE);
  const tarball = await raw.dumpDataDir('none');
  await raw.close();
  fs.writeFileSync(PGLITE_TEMPLATE_TAR, Buffer.from(await tarball.arrayBuffer()));
}

/** The PostgreSQL template database, when a server is reachable; its admin URL, else null. */
/** How long global setup keeps trying to reach the template it just created. */
const TEMPLATE_CONNECT_RETRY_SECONDS = 60;

async function postgresTemplate(users: ReturnType<typeof demoUsers>): Promise<string | null> {
  const adminUrl = await reachablePostgres();
  if (!adminUrl) return null;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${PG_TEMPLATE_DB}`);
  await admin.end();
  // PGlite's template is built at the same time in this process, and its WebAssembly holds the
  // event loop for seconds at a time: the pool's 5-s connect timeout could fire before the
  // answer was read (a CI run failed so). Retried, a connect that timed out that way is tried again.
  const db = await openDatabase({ databaseUrl: withDatabase(adminUrl, PG_TEMPLATE_DB), retrySeconds: TEMPLATE_CONNECT_RETRY_SECONDS });
  await migrateToLatest(db);
  await seedIfEmpty(db, users);
  await db.destroy();
  return adminUrl;
}

/**
 * Migrates and seeds one template per backend, so each test file only clones it. Both at once:
 * PostgreSQL's share of the work runs in its own server process while PGlite's runs here.
 */
export default async function globalSetup() {
  fs.mkdirSync(TMP, { recursive: true });
  const users = demoUsers({});
  const [, adminUrl] = await Promise.all([pgliteTemplate(users), postgresTemplate(users)]);
  const state: SetupState = { postgresAdminUrl: adminUrl };
  fs.writeFileSync(STATE_FILE, JSON.stringify(state));
}
