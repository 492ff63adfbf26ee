import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { currentKey } from '../../security/envelope-keys';
import { issueToken } from '../../security/request-token';

/** The request layer's two handouts (shell §7): the envelope key and the request token. */
export default async function tokenRoutes(app: FastifyInstance) {
  // Anonymous: the login call itself travels in an envelope. The key protects integrity and
  // freshness; confidentiality on the wire is TLS's job (docs/request-layer.md).
  route(app, contract.login.envelopeKey, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await currentKey(app.db, app.clock.now()));
  });

  route(app, contract.login.requestToken, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok({ token: await issueToken(app.db, request.sessionTokenHash, 'submit') });
  });
}
