import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../src/shared/contract';
import { CODE } from '../../src/shared/codes';
import { ok, refuse } from '../http/answer';
import { route } from '../http/route';
import { requireFunc } from '../services/permissions';
import { flowChart, flowSteps, historyList, todoPage } from '../services/workflow';
import { reviewedResource } from '../../src/resources';

/**
 * /api/wkfl: approval flows (issue 15; docs/approvals.md). Everyone with a session has their
 * to-do list; a record's history, steps and its business type's flow are read by those whose
 * duties grant the business's function (its page), as the record itself is.
 */
export default async function wkflArea(app: FastifyInstance) {
  /** The business type's resource, once the caller is found to hold its function (403 otherwise). */
  async function business(request: FastifyRequest, businessType: string) {
    const def = reviewedResource(businessType);
    if (!def) throw refuse(CODE.flowBusinessTypeUnknown, { type: businessType });
    await requireFunc(def.path)(request);
    return def;
  }

  route(app, contract.wkfl.todo, async (request) => ok(await todoPage(app.db, request, request.user.id, request.body.start, request.body.limit)));

  route(app, contract.wkfl.history, async (request) => {
    await business(request, request.body.businessType);
    return ok(await historyList(app.db, request, request.body.businessType, request.body.recordId));
  });

  route(app, contract.wkfl.steps, async (request) => {
    await business(request, request.body.businessType);
    return ok(await flowSteps(app.db, request, request.body.businessType, request.body.recordId));
  });

  route(app, contract.wkfl.chart, async (request) => {
    await business(request, request.body.businessType);
    return ok(await flowChart(app.db, request, request.body.businessType));
  });
}
