import type { Db } from './db/database';
import type { ServerConfig } from './config';
import type { Clock } from './app';
import type { ChangeFeed } from './security/request-cache';
import type { Translate } from './i18n';
import type { Language } from '../src/shared/constants';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
    /** The server's time (AppDeps.clock): tests advance it instead of sleeping. */
    clock: Clock;
    /** What the session and key caches hear of this process's changes (AppDeps.changes). */
    changes: ChangeFeed;
  }
  interface FastifyRequest {
    /** The request's language (header `lang`), zh-CN when absent. */
    lang: Language;
    /** Localise a message key in the request's language. */
    t: Translate;
  }
}

export {};
