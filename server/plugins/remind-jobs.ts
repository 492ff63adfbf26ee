import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { REMIND_GENERATE_INTERVAL_MS } from '../../src/shared/reminders';
import { generateReminders, type GenerationResult } from '../services/remind-generation';
import { safeError } from '../security/safe-error';

/** The reminder generation of this process (docs/reminders.md, "When"). */
export interface RemindJobs {
  /** Generates now, at the server's clock (all started configurations, or the one named). */
  run(only?: string): Promise<GenerationResult>;
  /** Resolves once every generation started so far has ended (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    remindJobs: RemindJobs;
  }
}

/** Writes of these families change what generation would say: it runs again once they are answered. */
const SETTINGS_WRITE = /\/api\/fsmc\/remind-(config|template|param)\/(?!query|check-repeat|rule-code)/;

/**
 * Reminders are generated off the request path: when the app is ready and every
 * REMIND_GENERATE_INTERVAL_MS after (config remindJobLoop), and after any answered write of a
 * configuration, template or parameter (onResponse: the write's transaction has committed and
 * the answer has left). Runs one at a time in this process; several processes may run at once
 * (the source key keeps one reminder a user, configuration version and day).
 */
export default fp(async function remindJobs(app: FastifyInstance) {
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const run = (only?: string): Promise<GenerationResult> => {
    const next = chain.then(() => generateReminders(app.db, new Date(app.clock.now()), only));
    chain = next.catch((error: unknown) => app.log.error({ err: safeError(error) }, 'reminder generation failed'));
    return next;
  };
  const jobs: RemindJobs = { run, idle: async () => void (await chain) };
  app.decorate('remindJobs', jobs);

  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'POST' && reply.statusCode === 200 && SETTINGS_WRITE.test(request.routeOptions.url ?? '')) void run().catch(() => {});
  });
  app.addHook('onReady', async () => {
    if (!app.config.remindJobLoop) return;
    setImmediate(() => void run().catch(() => {}));
    timer = setInterval(() => void run().catch(() => {}), REMIND_GENERATE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await jobs.idle();
  });
});
