import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../../http/answer';
import { CODE } from '../../../src/shared/codes';
import { grantedPage } from '../../services/menu';
import { defaultMenu, setDefaultMenu } from '../../services/user-settings';
import { body, empty, id } from './schemas';

/** The page the shell opens after login, per user. */
export default async function defaultMenuRoutes(app: FastifyInstance) {
  app.post('/common/default-menu/query', { schema: { body: empty } }, async (request) => ok(await defaultMenu(app.db, request.user.id)));

  app.post<{ Body: { funcId: number } }>('/common/default-menu/set', { schema: { body: body({ funcId: id }) } }, async (request) => {
    if (!(await grantedPage(app.db, request.user.id, request.body.funcId))) throw new AppError(200, CODE.funcNotGranted);
    await setDefaultMenu(app.db, request.user.id, request.body.funcId);
    return ok(await defaultMenu(app.db, request.user.id));
  });

  app.post('/common/default-menu/unset', { schema: { body: empty } }, async (request) => {
    await setDefaultMenu(app.db, request.user.id, null);
    return ok(await defaultMenu(app.db, request.user.id));
  });
}
