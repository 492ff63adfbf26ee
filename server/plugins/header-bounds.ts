import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HEADER_LIMITS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';

const LIMITS = Object.entries(HEADER_LIMITS).map(([name, max]) => [name.toLowerCase(), name, max] as const);

/**
 * Every request header the server reads is bounded (HEADER_LIMITS): a longer one is refused with
 * 400 before any route or database sees it (a ClusterNO over its column's 32 characters made
 * login fail with 500). A header sent twice is refused too: the server reads one value.
 */
export default fp(async function headerBounds(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    for (const [key, name, max] of LIMITS) {
      const value = request.headers[key];
      if (value === undefined) continue;
      if (typeof value !== 'string' || value.length > max) {
        const message = request.t('validation.header', { header: name });
        throw refuse(CODE.validation, { detail: message }, { status: 400, data: { errors: [{ field: name, rule: 'maxLength', limit: max, message }] } });
      }
    }
  });
});
