import { readConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { buildApp } from './app';

/**
 * `npm start` ends here: open the database (PGlite in DATA_DIR, or DATABASE_URL), migrate,
 * seed once, listen, and close cleanly on SIGINT/SIGTERM so PGlite's files stay whole.
 */
async function main() {
  const config = readConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(db);
  const created = await seedIfEmpty(db);
  const app = await buildApp({ db, config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
      await db.destroy();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const lines = [
    '',
    `Treasury portal on ${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite (${config.dataDir})`}`,
    applied.length ? `  migrations applied: ${applied.join(', ')}` : '  schema up to date',
    `  open ${base}/login.html#/login`,
  ];
  if (created) lines.push('  demo users (created now):', ...created.map((u) => `    ${u.userCode} / ${u.password}${u.userType === 1 ? '  (administrator)' : ''}`));
  else if (process.env.NODE_ENV !== 'production') lines.push('  demo users: admin / Admin@2026 (administrator), staff / Staff@2026, unless changed');
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
