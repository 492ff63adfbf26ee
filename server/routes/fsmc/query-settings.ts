import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { USER_TYPE_ADMIN } from '../../../src/shared/constants';
import { columns, deleteQuery, formOrder, saveColumns, saveFormOrder, saveHiddenParam, saveQuery, savedQueries } from '../../services/query-settings';

/**
 * The query page's settings (widgets §7 "Query form" and "Table"): saved queries, field order
 * and column settings of the caller; hidden params and column existence of the page, which
 * administrators save for everyone.
 */
export default async function querySettingsRoutes(app: FastifyInstance) {
  const c = contract.querySettings;
  route(app, c.formOrder, async (request) => ok(await formOrder(app.db, request.user.id, request.body.code)));

  route(app, c.saveFormOrder, async (request) => {
    await saveFormOrder(app.db, request.user.id, request.body.code, request.body.formItemsOrder);
    return ok(null);
  });

  route(app, c.savedQueries, async (request) => ok(await savedQueries(app.db, request.user.id, request.body.code)));

  route(app, c.saveQuery, async (request) => ok(await saveQuery(app.db, request.user.id, request.body)));

  route(app, c.deleteQuery, async (request) => ok(await deleteQuery(app.db, request.user.id, request.body.code, request.body.id)));

  // Administrators only (the contract's `admin` flag: 403 before this runs).
  route(app, c.saveHiddenParam, async (request) => {
    await saveHiddenParam(app.db, request.user.id, request.body.code, request.body.hiddenParams);
    return ok(null);
  });

  route(app, c.columns, async (request) => ok(await columns(app.db, request.user.id, request.body.code)));

  route(app, c.saveColumns, async (request) => {
    await saveColumns(app.db, request.user.id, request.user.userType === USER_TYPE_ADMIN, request.body.code, request.body.tableColumns);
    return ok(null);
  });
}
