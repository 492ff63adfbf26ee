import type { FastifyInstance } from 'fastify';
import { ok } from '../http/answer';
import { route } from '../http/route';
import { contract } from '../../src/shared/contract';
import { reorderUserAreas, resetUserAreas, userAreas } from '../services/portal-area';

/** /api/portal/area: the caller's home page areas (docs/workbench.md, "Areas"). */
export default async function portalAreaRoutes(app: FastifyInstance) {
  route(app, contract.portalArea.queryUser, async (request) => ok(await userAreas(app.db, request.user.id)));
  route(app, contract.portalArea.reorder, async (request) => ok(await reorderUserAreas(app.db, request.user.id, request.body.areas)));
  route(app, contract.portalArea.reset, async (request) => ok(await resetUserAreas(app.db, request.user.id)));
}
