import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HOUSEKEEPING_INTERVAL_MS } from '../../src/shared/constants';
import type { Db } from '../db/database';
import { safeError } from '../security/safe-error';
import { sweepNonces } from '../security/envelope-keys';
import { sweepQrLogins } from '../services/qr-login';
import { sweepCertChallenges } from '../services/cert-login';
import { sweepImportReports } from '../services/import/reports';

/** Every sweep of rows that have served their time, by name (the log says which failed). */
export const SWEEPS: Record<string, (db: Db, now: number) => Promise<unknown>> = {
  'envelope nonces and keys': sweepNonces,
  'QR logins': sweepQrLogins,
  'certificate challenges': sweepCertChallenges,
  'import reports': sweepImportReports,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Sweeps now (the timer's work; tests call it instead of waiting). */
    housekeeping: { sweep(): Promise<void> };
  }
}

/**
 * Housekeeping off the request path (issue 16): every HOUSEKEEPING_INTERVAL_MS each process
 * deletes what has served its time. A sweep on a request made that request wait, and under
 * load every request behind it (the nonce sweep gave multi-second spikes before issue 9).
 * The deletes are idempotent, so several processes sweeping at once do no harm; a sweep still
 * running when the next is due is not started twice.
 */
export default fp(async function housekeeping(app: FastifyInstance) {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      for (const [name, run] of Object.entries(SWEEPS)) {
        try {
          await run(app.db, app.clock.now());
        } catch (error) {
          app.log.error({ err: safeError(error) }, `housekeeping: sweeping ${name} failed`);
        }
      }
    } finally {
      running = false;
    }
  };
  app.decorate('housekeeping', { sweep });
  const timer = setInterval(() => void sweep(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
