import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HEADERS } from '../../src/shared/constants';
import { refuse } from '../http/answer';
import { findSession, type SessionPolicy, type SessionUser } from '../security/sessions';
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

/**
 * Every /api route needs a live session unless its config says `anonymous: true`.
 * A missing or expired token answers 401 with -998; a session ended by a newer login -997.
 */
export default fp(async function sessionGuard(app: FastifyInstance, opts: { db: Db; policy: SessionPolicy }) {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('sessionTokenHash', '');
  app.addHook('onRequest', async (request) => {
    // Only real /api routes are guarded: an unknown path gets its 404, not a login prompt.
    if (!request.routeOptions.url?.startsWith('/api/') || request.routeOptions.config.anonymous) return;
    const token = request.headers[HEADERS.jwtToken.toLowerCase()];
    const found = await findSession(opts.db, typeof token === 'string' ? token : undefined, opts.policy, app.clock.now());
    if (!found.ok) throw refuse(found.code, {}, { status: 401 });
    request.user = found.user;
    request.sessionTokenHash = found.tokenHash;
  });
});
