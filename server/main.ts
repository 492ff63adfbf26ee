import { readConfig } from './config';
import { openDatabase, describeDatabase } from './db/database';
import { prepareDatabase } from './db/prepare';
import { StartupError, causeOf } from './db/startup-error';
import { buildApp } from './app';
import { deferredCompilers } from './http/deferred-compilers';
import { gracefulShutdown } from './shutdown';

/**
 * `npm start` ends here: open the database (PGlite in DATA_DIR, or DATABASE_URL), migrate and
 * seed once (under a lock, so processes starting together do not race), listen, and stop
 * gracefully on SIGINT/SIGTERM (server/shutdown.ts) so PGlite's files stay whole and a
 * rolling restart drops nothing.
 */
async function main() {
  const config = readConfig();
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    retrySeconds: config.databaseRetrySeconds,
    onWaiting: (message) => console.error(message),
  });
  const { applied, created } = await prepareDatabase(db);
  // Route schemas compile after the server listens (http/deferred-compilers.ts).
  const compilers = deferredCompilers();
  const app = await buildApp({ db, config, logger: { level: process.env.LOG_LEVEL ?? 'info' }, compilers: compilers.factories });

  const shutdown = gracefulShutdown({ app, db, config, exit: (code) => process.exit(code === 0 ? (process.exitCode ?? 0) : code) });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await db.destroy();
    throw new StartupError(`cannot listen on ${config.host}:${config.port} (${causeOf(error)})`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}${config.basePath}`;
  const lines = [
    '',
    `Treasury portal on ${config.databaseUrl ? `PostgreSQL (${describeDatabase(config.databaseUrl)})` : `embedded PGlite (${config.dataDir})`}`,
    applied.length ? `  migrations applied: ${applied.join(', ')}` : '  schema up to date',
    `  open ${base}login.html#/login`,
  ];
  if (created) lines.push('  demo users (created now):', ...created.map((u) => `    ${u.userCode} / ${u.password}${u.userType === 1 ? '  (administrator)' : ''}`));
  else if (process.env.NODE_ENV !== 'production') lines.push('  demo users: admin / Admin@2026 (administrator), staff / Staff@2026, unless changed');
  console.log(lines.join('\n') + '\n');
  compilers.warmUp().catch((error) => {
    app.log.fatal({ err: error }, 'a route schema does not compile: stopping');
    process.exitCode = 1;
    void shutdown('schema error');
  });
}

main().catch((error) => {
  // What an operator can mend is one line; anything else is a bug and keeps its stack.
  if (error instanceof StartupError) {
    console.error(`Cannot start: ${error.message}`);
    process.exit(StartupError.EXIT_CODE);
  }
  console.error(error);
  process.exit(1);
});
