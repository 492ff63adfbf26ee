import type { FastifyInstance } from 'fastify';
import { ok, refuse } from '../../http/answer';
import { route } from '../../http/route';
import { CODE } from '../../../src/shared/codes';
import { contract } from '../../../src/shared/contract';
import { grantedPage } from '../../services/menu';
import { defaultMenu, setDefaultMenu } from '../../services/user-settings';

/** The page the shell opens after login, per user. */
export default async function defaultMenuRoutes(app: FastifyInstance) {
  route(app, contract.menu.defaultQuery, async (request) => ok(await defaultMenu(app.db, request.user.id)));

  route(app, contract.menu.defaultSet, async (request) => {
    if (!(await grantedPage(app.db, request.user.id, request.body.funcId))) throw refuse(CODE.funcNotGranted);
    await setDefaultMenu(app.db, request.user.id, request.body.funcId);
    return ok(await defaultMenu(app.db, request.user.id));
  });

  route(app, contract.menu.defaultUnset, async (request) => {
    await setDefaultMenu(app.db, request.user.id, null);
    return ok(await defaultMenu(app.db, request.user.id));
  });
}
