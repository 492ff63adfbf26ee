import fs from 'node:fs';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Db } from './db/database';
import type { ServerConfig } from './config';
import { pickLanguage, translator } from './i18n';
import errors from './plugins/errors';
import sessionGuard from './plugins/session-guard';
import envelope from './plugins/envelope';
import requestToken from './plugins/request-token';
import headers from './plugins/headers';
import fsmcArea from './routes/fsmc';
import portalArea from './routes/portal';
import wkflArea from './routes/wkfl';
import acctArea from './routes/acct';
import './context';

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
}

/** The whole server as a Fastify instance: tests inject requests into it, main.ts listens. */
export async function buildApp({ db, config, logger = false }: AppDeps): Promise<FastifyInstance> {
  // One line per request drowns the console of `npm start`; LOG_LEVEL=debug brings it back.
  const app = Fastify({ logger, bodyLimit: 10 * 1024 * 1024, trustProxy: config.trustProxy.length ? config.trustProxy : false, logController: new LogController({ disableRequestLogging: process.env.LOG_LEVEL !== 'debug' }) });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('t', null as never);
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers.lang);
    request.t = translator(request.lang);
  });

  await app.register(errors);
  // Security headers on every answer, and the pages with their CSP nonce (plugins/headers.ts).
  await app.register(headers, { staticDir: config.staticDir });
  await app.register(sessionGuard, { db, policy: { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours } });
  // After the session guard (onRequest), before every route's schema (preValidation).
  await app.register(envelope);
  await app.register(requestToken);

  await app.register(fsmcArea, { prefix: '/api/fsmc' });
  await app.register(portalArea, { prefix: '/api/portal' });
  await app.register(wkflArea, { prefix: '/api/wkfl' });
  await app.register(acctArea, { prefix: '/api/acct' });

  if (fs.existsSync(config.staticDir)) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      // @fastify/static 10 hands the Fastify reply here, not a raw response.
      setHeaders(reply: unknown, filePath: string) {
        const r = reply as { header(name: string, value: string): void };
        // Hashed assets never change; pages and locale files must be re-checked.
        r.header('Cache-Control', /\.[0-9a-f]{8,}\.(js|css)$/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
        r.header('X-Content-Type-Options', 'nosniff');
      },
    });
    app.get('/', async (_request, reply) => reply.redirect('/index.html'));
  }
  return app;
}
