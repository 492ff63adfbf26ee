import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../../http/answer';
import { OFTEN_MENU_MAX } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { grantedPage, grantedPageIds } from '../../services/menu';
import { body, empty, id } from './schemas';

const funcBody = body({ funcId: id });

/** Often-used menus: starred pages, per user; only pages the user is granted. */
export default async function oftenMenuRoutes(app: FastifyInstance) {
  app.post<{ Body: { funcId: number } }>('/oftenMenu/add', { schema: { body: funcBody } }, async (request) => {
    const userId = request.user.id;
    if (!(await grantedPage(app.db, userId, request.body.funcId))) throw new AppError(200, CODE.funcNotGranted);
    const count = await app.db.selectFrom('oftenMenu').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).where('funcId', '!=', request.body.funcId).executeTakeFirstOrThrow();
    if (Number(count.n) >= OFTEN_MENU_MAX) throw new AppError(200, CODE.oftenMenuFull, { max: OFTEN_MENU_MAX });
    await app.db.insertInto('oftenMenu').values({ userId, funcId: request.body.funcId }).onConflict((oc) => oc.columns(['userId', 'funcId']).doNothing()).execute();
    return ok(null);
  });

  app.post<{ Body: { funcId: number } }>('/oftenMenu/delete', { schema: { body: funcBody } }, async (request) => {
    await app.db.deleteFrom('oftenMenu').where('userId', '=', request.user.id).where('funcId', '=', request.body.funcId).execute();
    return ok(null);
  });

  app.post('/oftenMenu/delete-all', { schema: { body: empty } }, async (request) => {
    await app.db.deleteFrom('oftenMenu').where('userId', '=', request.user.id).execute();
    return ok(null);
  });

  app.post('/oftenMenu/query', { schema: { body: empty } }, async (request) => {
    const granted = await grantedPageIds(app.db, request.user.id);
    const rows = await app.db
      .selectFrom('oftenMenu as o')
      .innerJoin('func as f', 'f.id', 'o.funcId')
      .select(['o.funcId', 'f.functionName', 'f.functionNameEn', 'f.funcUrl'])
      .where('o.userId', '=', request.user.id)
      .orderBy('o.createdAt')
      .orderBy('o.funcId')
      .execute();
    return ok(
      rows
        .filter((r) => granted.has(r.funcId))
        .map((r) => ({ funcId: r.funcId, functionName: request.lang === 'en-US' ? r.functionNameEn : r.functionName, funcUrl: r.funcUrl })),
    );
  });
}
