import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { requireAdmin, requireFunc } from '../services/permissions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only administrators (userType 1); others get 403. */
    admin?: boolean;
    /** Only users whose duties grant this function (its page address), or one of these; others get 403. */
    func?: string | readonly string[];
  }
}

/**
 * Route-config permissions (the contract's flags `admin` and `func`), checked after the body's
 * schema and before anything is written or a request token is used up.
 */
export default fp(async function permissions(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const { admin, func } = request.routeOptions.config;
    if (admin) await requireAdmin(request);
    if (func) await requireFunc(func)(request);
  });
});
