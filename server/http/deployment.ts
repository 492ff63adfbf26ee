import { LogController, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config';
import { isHealthPath } from '../plugins/health';

/**
 * The Fastify options a deployment decides (docs/deploy.md): which proxies are believed,
 * the path prefix, per-request logging, and what happens to requests during shutdown.
 */
export function deploymentOptions(config: ServerConfig): Partial<FastifyServerOptions> {
  const base = config.basePath;
  return {
    // X-Forwarded-For (request.ip, the per-address login throttle) and X-Forwarded-Proto
    // (request.protocol, HSTS) only from these addresses: anyone else could pick their own.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    // During shutdown a request that reached us on an open connection is served, not refused:
    // the proxy cannot tell a refused write from a lost one. Connections end through
    // `Connection: close` (plugins/health.ts) and the shutdown deadline.
    return503OnClosing: false,
    // One line per request drowns the console; LOG_LEVEL=debug brings it back, except for
    // the health checks a load balancer sends every second or two.
    logController: new LogController({ disableRequestLogging: (request) => process.env.LOG_LEVEL !== 'debug' || isHealthPath(request.url) }),
    ...(base === '/'
      ? {}
      : {
          // Under BASE_PATH every route stays written as at the root: the prefix is taken off
          // here. Outside it only the health checks answer; the rest is not found.
          rewriteUrl(request) {
            const url = request.url ?? '/';
            if (url.startsWith(base)) return url.slice(base.length - 1);
            if (url === base.slice(0, -1) || url.startsWith(`${base.slice(0, -1)}?`)) return `/${url.slice(base.length - 1)}`;
            if (isHealthPath(url)) return url;
            return `/.outside-base-path${url}`;
          },
        }),
  };
}
