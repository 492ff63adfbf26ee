import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isEmbedded } from '../db/database';
import { exportJobRunner } from '../services/export/jobs';

/**
 * Every server process runs export jobs (docs/export.md, "Jobs"): when the app is ready it first
 * recovers jobs whose process died (their lease lapsed), then loops: claim a pending job, write
 * its file, look again after EXPORT_JOB_RUNNER_IDLE_MS or when this process created one. On
 * close the job in hand stops after its batch and goes back to pending, for another process or
 * the next start. Server tests run without the loop (config exportJobLoop) and drive the steps themselves.
 */
export default fp(async function exportJobs(app: FastifyInstance) {
  const { db } = app;
  const runner = exportJobRunner({
    db,
    filesDir: app.config.filesDir,
    clock: app.clock,
    log: app.log,
    // A pooled connection of its own on PostgreSQL; on PGlite the one session everything shares,
    // taken a statement at a time (holding it would stop every other request).
    connection: isEmbedded(db) ? (work) => work(db) : (work) => db.connection().execute(work),
  });
  app.decorate('exportJobs', runner);
  app.addHook('onReady', async () => {
    // Before the first request: a job its dead process held is pending or failed again, never stuck.
    await runner.recover().catch((error: unknown) => app.log.error({ err: error }, 'export jobs: recovery at start failed'));
    if (app.config.exportJobLoop) runner.start();
  });
  app.addHook('onClose', async () => {
    await runner.stop();
  });
});
