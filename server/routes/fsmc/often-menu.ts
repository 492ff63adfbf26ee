import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { addOftenMenu, clearOftenMenus, deleteOftenMenu, oftenMenus } from '../../services/often-menu';

/** Often-used menus: starred pages, per user; only pages the user is granted. */
export default async function oftenMenuRoutes(app: FastifyInstance) {
  route(app, contract.menu.oftenAdd, async (request) => {
    await addOftenMenu(app.db, request.user.id, request.body.funcId);
    return ok(null);
  });

  route(app, contract.menu.oftenDelete, async (request) => {
    await deleteOftenMenu(app.db, request.user.id, request.body.funcId);
    return ok(null);
  });

  route(app, contract.menu.oftenDeleteAll, async (request) => {
    await clearOftenMenus(app.db, request.user.id);
    return ok(null);
  });

  route(app, contract.menu.oftenQuery, async (request) => ok(await oftenMenus(app.db, request.user.id, request.lang)));
}
