import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { USER_TYPE_ADMIN } from '../../../src/shared/constants';
import { saveSectionOrder, sectionOrder } from '../../services/section-order';

/**
 * The edit form's section order (widgets §7 "Edit form"): the caller's order, and the page's
 * hidden sections, which administrators save for everyone (docs/edit-form-settings.md).
 */
export default async function sectionOrderRoutes(app: FastifyInstance) {
  const c = contract.sectionOrder;
  route(app, c.load, async (request) => ok(await sectionOrder(app.db, request.user.id, request.body.code)));

  route(app, c.save, async (request) => {
    await saveSectionOrder(app.db, request.user.id, request.user.userType === USER_TYPE_ADMIN, request.body.code, request.body.collapseItemsOrder);
    return ok(null);
  });
}
