import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { HEADERS } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { readPublicKey } from '../../../src/shared/envelope';
import { refuse } from '../../http/answer';
import { agreeKey } from '../../security/envelope-keys';
import { issueToken } from '../../security/request-token';

/** The request layer's two handouts (shell §7): the envelope key and the request token. */
export default async function tokenRoutes(app: FastifyInstance) {
  // Anonymous: the login call itself travels in an envelope. Each call agrees a key of its own
  // with the caller's ephemeral public key (header envelope-client-key); the answer carries
  // only the server's public half (docs/security.md, "Payload envelope").
  route(app, contract.login.envelopeKey, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const clientPublic = readPublicKey(request.headers[HEADERS.envelopeClientKey]);
    const offer = clientPublic && (await agreeKey(app.db, clientPublic, app.clock.now()));
    if (!offer) throw refuse(CODE.envelopeInvalid, {}, { status: 400 });
    return ok(offer);
  });

  route(app, contract.login.requestToken, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok({ token: await issueToken(app.db, request.sessionTokenHash, 'submit') });
  });
}
