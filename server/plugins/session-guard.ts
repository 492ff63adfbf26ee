import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HEADERS, SESSION_CACHE_TTL_MS } from '../../src/shared/constants';
import { refuse } from '../http/answer';
import { findSession, hashToken, type SessionPolicy, type SessionUser } from '../security/sessions';
import { TtlCache } from '../security/request-cache';
import type { Db } from '../db/database';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session (login page calls). */
    anonymous?: boolean;
  }
  interface FastifyRequest {
    /** The logged-in user; set on every non-anonymous route. */
    user: SessionUser;
    sessionTokenHash: string;
  }
}

interface LiveSession {
  user: SessionUser;
  /** From findSession: past it the database must be asked (to refuse or to extend). */
  quietUntil: number;
}

/**
 * Every /api route needs a live session unless its config says `anonymous: true`.
 * A missing or expired token answers 401 with -998; a session ended by a newer login -997.
 *
 * A live session is remembered for SESSION_CACHE_TTL_MS (never past the moment its check would
 * have to write or refuse): a burst of calls checks it once, not once a call. A session ended
 * or a user changed in this process is forgotten at once (request-cache.ts); one ended by
 * another process answers refused at most SESSION_CACHE_TTL_MS later (docs/security.md).
 * Refusals are not cached: each asks the database again.
 */
export default fp(async function sessionGuard(app: FastifyInstance, opts: { db: Db; policy: SessionPolicy }) {
  const live = new TtlCache<LiveSession>(SESSION_CACHE_TTL_MS, () => app.clock.now(), (tokenHash, session) => [`token:${tokenHash}`, `user:${session.user.id}`]);
  const unsubscribe = app.changes.onChange((change) => {
    if ('tokenHash' in change) live.block(`token:${change.tokenHash}`);
    if ('userId' in change) live.block(`user:${change.userId}`);
  });
  app.addHook('onClose', async () => void unsubscribe());

  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('sessionTokenHash', '');
  app.addHook('onRequest', async (request) => {
    // Only real /api routes are guarded: an unknown path gets its 404, not a login prompt.
    if (!request.routeOptions.url?.startsWith('/api/') || request.routeOptions.config.anonymous) return;
    const token = request.headers[HEADERS.jwtToken.toLowerCase()];
    const now = app.clock.now();
    if (typeof token === 'string' && token !== '') {
      const tokenHash = hashToken(token);
      const known = live.get(tokenHash);
      if (known && now < known.quietUntil) {
        request.user = known.user;
        request.sessionTokenHash = tokenHash;
        return;
      }
    }
    const mark = live.reading();
    const found = await findSession(opts.db, typeof token === 'string' ? token : undefined, opts.policy, now);
    if (!found.ok) throw refuse(found.code, {}, { status: 401 });
    live.set(found.tokenHash, { user: found.user, quietUntil: found.quietUntil }, mark);
    request.user = found.user;
    request.sessionTokenHash = found.tokenHash;
  });
});
