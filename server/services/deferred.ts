import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { safeError } from '../security/safe-error';

/**
 * Work a route starts after deciding its answer, so the answer's timing cannot tell what the
 * work found (forgot-password answers a known and an unknown user alike, then mails the code
 * only to a known one). Failures are logged, never answered. `settled()` lets shutdown and
 * tests wait for what is still running.
 */
const pending = new Set<Promise<void>>();

export function defer(log: FastifyBaseLogger, work: () => Promise<void>, answered: Promise<void> = Promise.resolve()): void {
  // Not before the answer has left: hooks that run between the route and the sending (the
  // operation log's insert) would otherwise let the work start while the caller still waits.
  const task: Promise<void> = answered
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(work)
    .catch((error: unknown) => log.error({ err: safeError(error) }, 'deferred work failed'))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once the reply's answer has been sent (or its connection closed). */
export function whenAnswered(reply: FastifyReply): Promise<void> {
  return new Promise<void>((resolve) => {
    reply.raw.once('finish', () => resolve());
    reply.raw.once('close', () => resolve());
  });
}

export async function settled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
