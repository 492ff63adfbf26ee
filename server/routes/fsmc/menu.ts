import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { userHideButtons, userMenu } from '../../services/menu';

/** The user's menu, computed from the grants of their duties (shell §2, §6), and its hide-button map (widgets §6). */
export default async function menuRoutes(app: FastifyInstance) {
  route(app, contract.menu.userMenu, async (request) => ok(await userMenu(app.db, request.user.id, request.lang)));
  route(app, contract.menu.hideButtons, async (request) => ok(await userHideButtons(app.db, request.user.id)));
}
