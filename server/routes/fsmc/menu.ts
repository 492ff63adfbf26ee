import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { userMenu } from '../../services/menu';
import { empty } from './schemas';

/** The user's menu, computed from the grants of their duties (shell §2, §6). */
export default async function menuRoutes(app: FastifyInstance) {
  app.post('/auth/userMenu/query-user-menu', { schema: { body: empty } }, async (request) => ok(await userMenu(app.db, request.user.id, request.lang)));
}
