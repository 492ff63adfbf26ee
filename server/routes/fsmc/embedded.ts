import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { embeddedPages, remarkOf, requireFormGrant, saveRemark } from '../../services/embedded-pages';

/**
 * Widgets §7 "Edit form": GET the embedded-page info of a form code; and the demo guest page's
 * remark calls (embedded-remarks.html). Each checks the caller may use the form (its resource's
 * function) before reading or writing.
 */
export default async function embeddedRoutes(app: FastifyInstance) {
  const c = contract.embedded;
  route(app, c.pages, async (request) => {
    const { formCode } = request.params as { formCode: string };
    await requireFormGrant(request, formCode);
    return ok(await embeddedPages(app.db, formCode));
  });
  route(app, c.remark, async (request) => {
    await requireFormGrant(request, request.body.formCode);
    return ok({ remark: await remarkOf(app.db, request.body.formCode, request.body.recordKey) });
  });
  route(app, c.saveRemark, async (request) => {
    await requireFormGrant(request, request.body.formCode);
    await saveRemark(app.db, request.user.id, request.body.formCode, request.body.recordKey, request.body.remark);
    return ok(null);
  });
}
