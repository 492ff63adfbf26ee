import fs from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import type { Db } from './db/database';
import type { ServerConfig } from './config';
import { pickLanguage, translator } from './i18n';
import errors, { frameworkErrors } from './plugins/errors';
import headerBounds from './plugins/header-bounds';
import permissions from './plugins/permissions';
import sessionGuard from './plugins/session-guard';
import envelope from './plugins/envelope';
import requestToken from './plugins/request-token';
import certTrust from './plugins/cert-trust';
import certGuard from './plugins/cert-guard';
import operationLog from './plugins/operation-log';
import exportJobs from './plugins/export-jobs';
import remindJobs from './plugins/remind-jobs';
import housekeeping from './plugins/housekeeping';
import health from './plugins/health';
import { deploymentOptions } from './http/deployment';
import headers, { addPageParts } from './plugins/headers';
import buildVersion from './plugins/build-version';
import { indexFirstPaint } from './pages/index-first-paint';
import fsmcArea from './routes/fsmc';
import portalArea from './routes/portal';
import wkflArea from './routes/wkfl';
import acctArea from './routes/acct';
import { processChanges, type ChangeFeed } from './security/request-cache';
import './context';

/** Where the server reads the time: real time, or a test's clock that it advances itself. */
export interface Clock {
  now(): number;
}
export const realClock: Clock = { now: () => Date.now() };

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
  /** Expiry of sessions, QR codes, identify codes, envelope timestamps and throttles reads this. */
  clock?: Clock;
  /** What the session and key caches hear of changes made in this process (security/request-cache.ts). */
  changes?: ChangeFeed;
  /**
   * Fastify's schema compilers, when not its own defaults: server tests hand the same ones to
   * every app they build, so an app reuses the validators and serialisers earlier apps compiled
   * (tests/server/support/shared-compilers.ts).
   */
  compilers?: NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];
}

/** The whole server as a Fastify instance: tests inject requests into it, main.ts listens. */
export async function buildApp({ db, config, logger = false, clock = realClock, changes = processChanges, compilers }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 10 * 1024 * 1024, ...deploymentOptions(config),
    // The contract's schemas are the whole truth: an unknown field is refused (not dropped) and
    // no value is coerced to another type (docs/api/README.md, "The validator"). ajv's pass that
    // prunes unused names from generated code is off: it was a fifth of compiling the routes'
    // schemas, and the validators decide the same without it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false, code: { optimize: false } } },
    frameworkErrors,
    ...(compilers ? { schemaController: { compilersFactory: compilers } } : {}),
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('changes', changes);
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('t', null as never);
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers.lang);
    request.t = translator(request.lang);
  });

  await app.register(errors);
  // Security headers on every answer, and the pages with their CSP nonce (plugins/headers.ts).
  await app.register(headers, { staticDir: config.staticDir });
  // The build the pages are of, in each page and on each /api answer (plugins/build-version.ts).
  await app.register(buildVersion, { staticDir: config.staticDir });
  // index.html comes with the home page's frame and greeting for its first script to show (issue 16).
  addPageParts(app, 'index.html', async () => indexFirstPaint());
  await app.register(health);
  await app.register(headerBounds);
  await app.register(sessionGuard, { db, policy: { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours } });
  // After the session guard (onRequest), before every route's schema (preValidation).
  await app.register(envelope);
  await app.register(permissions);
  // After permissions (403 first), before the request token is used up (docs/certificates.md).
  await app.register(certGuard);
  await app.register(requestToken);
  // Every write and login, with who, what, when and from where (docs/operation-log.md).
  await app.register(operationLog);
  // What certificate login and confirmation trust, read once (CERT_CA_FILES; the test PKI in development).
  await app.register(certTrust);
  // Uploads and imports stream their file parts (request.file() / request.parts()): the 10 MB
  // bodyLimit above is for JSON; a part may reach config.uploadMaxBytes (UPLOAD_MAX_BYTES) and never sits in memory.
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxBytes, files: 20, fields: 20, fieldSize: 64 * 1024 } });

  // Export jobs run in every process, from the moment it is ready until it closes.
  await app.register(exportJobs);
  // Expired nonces, keys, QR codes, challenges and import reports, swept on a timer (issue 16).
  await app.register(housekeeping);
  // Reminders from their configurations, on a timer and after each change of the settings (docs/reminders.md).
  await app.register(remindJobs);
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
      // The build's brotli and gzip copies (rspack.config.ts, CompressAssetsPlugin), chosen by
      // Accept-Encoding, with Vary: Accept-Encoding; the plain file when neither is accepted.
      preCompressed: true,
      // @fastify/static 10 hands the Fastify reply here, not a raw response.
      setHeaders(reply: unknown, filePath: string) {
        const r = reply as { header(name: string, value: string): void };
        // Hashed assets never change; pages and locale files must be re-checked. filePath is
        // the copy sent, so a compressed one ends in .br or .gz.
        r.header('Cache-Control', /\.[0-9a-f]{8,}\.(js|css)(\.br|\.gz)?$/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
        r.header('X-Content-Type-Options', 'nosniff');
      },
    });
    app.get('/', async (_request, reply) => reply.redirect(`${config.basePath}index.html`));
    // The portal has no icon: pages say so (an empty icon in src/html/page.html), but a browser
    // showing any other document of the origin (a JSON answer, a downloaded file) asks for
    // /favicon.ico; "none" is the answer, kept a day, rather than a 404 in its console and our log.
    app.get('/favicon.ico', async (_request, reply) => reply.code(204).header('Cache-Control', 'public, max-age=86400').send());
  }
  return app;
}
