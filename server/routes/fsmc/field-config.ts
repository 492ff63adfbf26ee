import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { fieldConfigs } from '../../services/field-config';

/** The approval field config (widgets §7 "Edit form", POST field-config URL; docs/edit-form-settings.md). */
export default async function fieldConfigRoutes(app: FastifyInstance) {
  route(app, contract.fieldConfig.query, async (request) => ok(await fieldConfigs(app.db, request.user.id, request.body.code)));
}
