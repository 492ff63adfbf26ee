import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { ServerConfig } from './config';

export interface ShutdownDeps {
  app: FastifyInstance;
  db: Db;
  config: Pick<ServerConfig, 'shutdownDrainSeconds' | 'shutdownTimeoutSeconds'>;
  /** process.exit in main.ts; a test passes its own. */
  exit: (code: number) => void;
}

/**
 * The graceful stop a rolling restart relies on (docs/deploy.md): /readyz answers 503 at
 * once; the process keeps serving for shutdownDrainSeconds so a load balancer polling
 * readiness takes it out; then it stops accepting connections, lets requests in flight finish
 * for at most shutdownTimeoutSeconds (then cuts what is left), and closes the database last,
 * so no acknowledged write is lost. A second signal changes nothing: the deadline holds.
 */
export function gracefulShutdown({ app, db, config, exit }: ShutdownDeps): (signal: string) => Promise<void> {
  let stopping: Promise<void> | null = null;
  const stop = async (signal: string) => {
    app.lifecycle.draining = true;
    app.log.info(`${signal}: draining for ${config.shutdownDrainSeconds} s, then closing (in-flight requests get ${config.shutdownTimeoutSeconds} s)`);
    if (config.shutdownDrainSeconds > 0) await delay(config.shutdownDrainSeconds * 1000);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), config.shutdownTimeoutSeconds * 1000);
      timer.unref();
    });
    const closed = app.close().then(() => 'closed' as const);
    if ((await Promise.race([closed, deadline])) === 'late') {
      app.log.warn(`requests still running after ${config.shutdownTimeoutSeconds} s: their connections are cut`);
      app.server.closeAllConnections();
      await closed;
    }
    clearTimeout(timer);
    await db.destroy();
  };
  return async (signal) => {
    stopping ??= stop(signal).then(
      () => exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
    return stopping;
  };
}
