import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { userMenu } from '../../services/menu';

/** The user's menu, computed from the grants of their duties (shell §2, §6). */
export default async function menuRoutes(app: FastifyInstance) {
  route(app, contract.menu.userMenu, async (request) => ok(await userMenu(app.db, request.user.id, request.lang)));
}
