import type { FastifyBaseLogger } from 'fastify';
import { safeError } from '../security/safe-error';

/**
 * Work a route starts after deciding its answer, so the answer's timing cannot tell what the
 * work found (forgot-password answers a known and an unknown user alike, then mails the code
 * only to a known one). Failures are logged, never answered. `settled()` lets shutdown and
 * tests wait for what is still running.
 */
const pending = new Set<Promise<void>>();

export function defer(log: FastifyBaseLogger, work: () => Promise<void>): void {
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => log.error({ err: safeError(error) }, 'deferred work failed'))
    .finally(() => pending.delete(task));
  pending.add(task);
}

export async function settled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
