import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { readGuide, saveGuide } from '../../services/operation-guide';

/** The operation guide (widgets §7 "Operation guide"; docs/operation-guide.md). */
export default async function operationGuideRoutes(app: FastifyInstance) {
  route(app, contract.guide.query, async (request) => ok(await readGuide(app.db, request, Number(request.query.funcId))));
  route(app, contract.guide.save, async (request) => ok(await saveGuide(app.db, request, request.body, new Date(app.clock.now()))));
}
