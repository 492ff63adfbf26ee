import type { FastifyInstance } from 'fastify';
import { ok } from '../http/answer';
import { route } from '../http/route';
import { contract } from '../../src/shared/contract';
import { languageList, systemSettings } from '../services/login-info';
import portalAreaRoutes from './portal-area';

/** /api/portal: the portal-frame calls the login page makes before anyone is logged in, and the home page's areas. */
export default async function portalArea(app: FastifyInstance) {
  route(app, contract.login.portalLanguages, async () => ok(await languageList(app.db)));
  route(app, contract.login.systemSetting, async (request) => ok(await systemSettings(app.db, request.lang)));
  await app.register(portalAreaRoutes);
}
