import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { CODE } from '../../src/shared/codes';
import { migrations } from '../db/migrations';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ok } from '../http/answer';

declare module 'fastify' {
  interface FastifyInstance {
    /** What a load balancer needs to know about this process; server/shutdown.ts sets draining. */
    lifecycle: { draining: boolean };
  }
}

/** Paths a load balancer polls: never logged per request, served outside BASE_PATH too. */
export const HEALTH_PATHS = ['/healthz', '/readyz'];
export const isHealthPath = (url: string) => HEALTH_PATHS.includes(url.split('?')[0]!);

const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

/**
 * GET /healthz: the process lives (no database call, for a liveness probe that must not restart
 * a process because PostgreSQL is down). GET /readyz: the process should get traffic: not
 * shutting down, the database answers, and its schema has this build's migrations. Both anonymous, one
 * query at most.
 */
export default fp(async function health(app: FastifyInstance) {
  app.decorate('lifecycle', { draining: false });

  app.get('/healthz', async () => ok({ alive: true }));

  app.get('/readyz', async (request, reply) => {
    const notReady = (code: number, reason: string, extra: Record<string, unknown> = {}) =>
      reply.status(503).send({ code, msg: request.t(`code.${code}`), data: { ready: false, reason, ...extra } });
    if (app.lifecycle.draining) return notReady(CODE.notReady, 'draining');
    let migration: string | undefined;
    try {
      const row = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(app.db);
      migration = row.rows[0]?.name;
    } catch (error) {
      if (isDatabaseUnavailable(error)) return notReady(CODE.databaseUnavailable, 'database');
      throw error;
    }
    // Behind: this build's migrations have not run (yet). Ahead is fine: during a rolling
    // upgrade the new release migrated first, and migrations stay compatible with the release
    // before (docs/deploy.md), so the old processes keep serving until they are replaced.
    if (!migration || migration < LATEST_MIGRATION) return notReady(CODE.notReady, 'schema', { migration: migration ?? null, expected: LATEST_MIGRATION });
    return ok({ ready: true, migration });
  });

  // While draining, every answer tells its client to reconnect, which lands it on another
  // process, and lets this one's keep-alive connections end so it can stop.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
});
