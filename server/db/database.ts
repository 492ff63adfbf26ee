import { setTimeout as delay } from 'node:timers/promises';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from './schema';
import { lockDataDir } from './data-dir-lock';
import { TextColumnDriver } from './text-column';
import { isDatabaseUnavailable } from './unavailable';
import { StartupError, causeOf } from './startup-error';

export type Db = Kysely<Database>;

const EMBEDDED = new WeakSet<Db>();
/**
 * Whether the database is PGlite in this process: one session serves every query, so work that
 * needs a connection of its own for long (an export job's cursor) must not hold it.
 */
export const isEmbedded = (db: Db) => EMBEDDED.has(db);

export interface DatabaseTarget {
  /** postgres://… for a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** A directory for embedded PGlite; 'memory://' keeps it in memory. */
  dataDir?: string;
  /**
   * Embedded only: the starting contents, a tarball from PGlite's dumpDataDir. The server tests
   * give each file an in-memory copy of their seeded template this way, rather than copying
   * and deleting its 1,400 files on disk.
   */
  loadDataDir?: Blob;
  /** PostgreSQL unreachable at open: retry this many seconds before giving up (0: once). */
  retrySeconds?: number;
  /** Told once when the first attempt failed and retrying begins (a one-line message). */
  onWaiting?: (message: string) => void;
  /**
   * An idle pooled connection died (backend terminated, network cut). The pool drops it and
   * opens a fresh one on the next query; this only reports it.
   */
  onConnectionLost?: (error: Error) => void;
}

/** host:port/database of a URL, never its password. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

const RETRY_EVERY_MS = 1000;
/** Without it a connect to a host that drops packets waits forever, and so do requests. */
const CONNECT_TIMEOUT_MS = 5000;

async function waitForPostgres(db: Db, url: string, target: DatabaseTarget): Promise<void> {
  const where = describeDatabase(url);
  const retrySeconds = target.retrySeconds ?? 0;
  const deadline = Date.now() + retrySeconds * 1000;
  for (let told = false; ; ) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        // Wrong password, no such database: waiting will not mend it.
        await db.destroy();
        throw new StartupError(`PostgreSQL at ${where} refused the connection: ${causeOf(error)}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        await db.destroy();
        throw new StartupError(`PostgreSQL at ${where} is unreachable after ${retrySeconds} s (${causeOf(error)})`);
      }
      if (!told) {
        told = true;
        target.onWaiting?.(`PostgreSQL at ${where} is unreachable (${causeOf(error)}); retrying for up to ${retrySeconds} s`);
      }
      await delay(Math.min(RETRY_EVERY_MS, left));
    }
  }
}

/**
 * Opens the one query layer the server uses: Kysely over PGlite (embedded, the default) or
 * over pg (a PostgreSQL server). Both speak the same SQL, so the migrations and every query
 * are written once. Failures an operator can mend (unreachable server, unwritable or busy
 * DATA_DIR) throw a StartupError with a one-line message.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.databaseUrl) {
    const { default: pg } = await import('pg');
    // int8 (count(*), sums) as a JS number: our counts stay far below 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    // Without a listener an idle client's error (pg_terminate_backend, a cut connection) is an
    // unhandled 'error' event that ends the process.
    const lost = target.onConnectionLost ?? ((error: Error) => console.warn(`[db] a pooled connection to ${describeDatabase(target.databaseUrl!)} was lost: ${causeOf(error)}`));
    pool.on('error', lost);
    // A connection that dies while checked out for a query emits on the client, where the pool
    // listens no longer: the query itself fails (and answers 503), so this only keeps the
    // event from being unhandled.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    await waitForPostgres(db, target.databaseUrl, target);
    return db;
  }
  const dataDir = target.dataDir ?? 'memory://';
  const release = dataDir.startsWith('memory://') ? () => undefined : lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create(dataDir, { parsers: { 20: (v: string) => Number(v) }, ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}) });
    const base = new PGliteDialect(pglite);
    // The dialect as it is, but for statements marked by textColumnQuery (./text-column.ts).
    const dialect: Dialect = {
      createAdapter: () => base.createAdapter(),
      createDriver: () => new TextColumnDriver(base.createDriver(), pglite),
      createQueryCompiler: () => base.createQueryCompiler(),
      createIntrospector: (db) => base.createIntrospector(db),
    };
    const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
    EMBEDDED.add(db);
    const destroy = db.destroy.bind(db);
    // The lock goes when the database is closed, not before: PGlite writes its files on close.
    db.destroy = async () => {
      try {
        await destroy();
      } finally {
        release();
      }
    };
    return db;
  } catch (error) {
    release();
    if (error instanceof StartupError) throw error;
    throw new StartupError(`DATA_DIR ${dataDir} could not be opened as a database (${causeOf(error)})`);
  }
}
