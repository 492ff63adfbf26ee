import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HEADERS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { consumeToken } from '../security/request-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route creates something: it needs a live request token (header request-token), used
     * up by the first request that carries it, so a form sent twice by a double click creates
     * one record. The answer carries the header again, telling the browser to fetch the next.
     */
    requestToken?: boolean;
  }
}

export default fp(async function requestToken(app: FastifyInstance) {
  // After validation: a body the schema refuses does not use up the token.
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.requestToken) return;
    const header = request.headers[HEADERS.requestToken];
    const fresh = await consumeToken(app.db, typeof header === 'string' ? header : undefined, request.sessionTokenHash, 'submit');
    if (!fresh) throw refuse(CODE.duplicateSubmit);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.requestToken) reply.header(HEADERS.requestToken, 'refresh');
  });
});
