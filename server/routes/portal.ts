import type { FastifyInstance } from 'fastify';
import { ok } from '../http/answer';
import { languageList, systemSettings } from '../services/login-info';

/** /api/portal: the portal-frame calls the login page makes before anyone is logged in. */
export default async function portalArea(app: FastifyInstance) {
  app.post('/login/query/lang-info-list', { config: { anonymous: true } }, async () => ok(languageList()));
  app.get('/login/query-system-setting', { config: { anonymous: true } }, async (request) => ok(await systemSettings(app.db, request.lang)));
}
