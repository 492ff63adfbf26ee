import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where server tests run: always on PGlite, and on PostgreSQL when global-setup found one
 * (DATABASE_URL, or 127.0.0.1:5432). Each test file gets its own fresh database, cloned from
 * a template that global-setup migrated and seeded once per run.
 */
export type Backend = 'pglite' | 'postgres';

export const ROOT = path.resolve(__dirname, '../../..');
/** TEST_TMP and TEST_RUN_ID let two runs on one machine (two developers) stay apart. */
export const TMP = path.resolve(ROOT, process.env.TEST_TMP ?? '.tmp');
export const RUN_ID = (process.env.TEST_RUN_ID ?? 'main').replace(/[^a-z0-9]/gi, '').toLowerCase() || 'main';
export const PGLITE_TEMPLATE = path.join(TMP, 'pglite-template');
/**
 * The same template as one tarball (PGlite's dumpDataDir): a test file's PGlite starts from it
 * in memory, which costs a fraction of copying, then deleting, the directory's 1,400 files.
 */
export const PGLITE_TEMPLATE_TAR = path.join(TMP, 'pglite-template.tar');
/** Every database a run creates starts with this prefix; teardown drops them all. */
export const PG_DB_PREFIX = `portal_test_${RUN_ID}_`;
export const PG_TEMPLATE_DB = `${PG_DB_PREFIX}template`;
export const STATE_FILE = path.join(TMP, 'server-tests.json');

export interface SetupState {
  postgresAdminUrl: string | null;
}

export function readState(): SetupState {
  return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as SetupState;
}

export function availableBackends(): Backend[] {
  return readState().postgresAdminUrl ? ['pglite', 'postgres'] : ['pglite'];
}

/** The same URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function tempDir(prefix: string): string {
  fs.mkdirSync(TMP, { recursive: true });
  return fs.mkdtempSync(path.join(os.tmpdir(), `portal-${prefix}-`));
}
