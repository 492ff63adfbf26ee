import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LookupDef } from '../../../src/shared/lookups';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import {
  addTemplate,
  enabledTemplates,
  expandParam,
  pageInfo,
  queryElements,
  queryTemplates,
  saveElement,
  setTemplateStatus,
  templateById,
  templateForNew,
  updateElement,
  updateTemplate,
} from '../../services/dynamic-forms';
import { lookupHolds } from '../../services/lookups';
import { patternRunner } from '../../services/template-patterns';

/**
 * Dynamic forms (widgets §7 "Dynamic form", the expand-param calls; docs/dynamic-forms.md):
 * the expand-template family (function '/expand-template'), the filled forms (function
 * '/dynamic-form'), and the expand-param call, granted by the extended resource's function.
 */
export default async function dynamicFormRoutes(app: FastifyInstance) {
  const tpl = contract.expandTemplate;
  route(app, tpl.query, async (request) => ok(await queryTemplates(app.db, request.body)));
  route(app, tpl.byId, async (request) => ok(await templateById(app.db, request.body.id)));
  route(app, tpl.add, async (request) => ok(await addTemplate(app.db, request.user.id, request.body, request.t)));
  route(app, tpl.update, async (request) => ok(await updateTemplate(app.db, request.user.id, request.body, request.t)));
  route(app, tpl.setStatus, async (request) => ok(await setTemplateStatus(app.db, request.user.id, request.body)));

  const el = contract.expandElement;
  // One worker per app, ended with it, so a closed test app leaves no thread behind.
  const patterns = patternRunner();
  app.addHook('onClose', () => patterns.close());
  const checks = (request: FastifyRequest) => ({ lookupHolds: (def: LookupDef, value: string) => lookupHolds(app.db, def, value, request), patterns: patterns.run });
  route(app, el.templates, async (request) => ok(await enabledTemplates(app.db, request.lang)));
  route(app, el.byCode, async (request) => ok(await templateForNew(app.db, request.body.code, request.lang)));
  route(app, el.pageInfo, async (request) => ok(await pageInfo(app.db, request.body.id, request.lang)));
  route(app, el.save, async (request) => ok(await saveElement(app.db, request.user.id, request.body, request.lang, request.t, checks(request))));
  route(app, el.update, async (request) => ok(await updateElement(app.db, request.user.id, request.body, request.lang, request.t, checks(request))));
  route(app, el.query, async (request) => ok(await queryElements(app.db, request.body, request.lang)));
  route(app, el.expandParam, async (request) => ok(await expandParam(app.db, request.user.id, request.body.expandParam)));
}
