import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { endSession } from '../../security/sessions';
import { languageList, sessionInfo, systemSettings } from '../../services/login-info';
import { passwordLogin } from '../../services/login';
import { saveLanguage } from '../../services/user-settings';

/** Login, logout, language and session info (shell §7 "Common and login"). */
export default async function loginRoutes(app: FastifyInstance) {
  const policy = { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours };

  route(app, contract.login.loginTypes, async (request) => {
    const settings = await systemSettings(app.db, request.lang);
    return ok(settings.loginTypes);
  });

  route(app, contract.login.login, async (request) => ok(await passwordLogin(app.db, request, request.body, policy)));

  route(app, contract.login.logout, async (request) => {
    await endSession(app.db, request.sessionTokenHash, 'logout');
    return ok(null);
  });

  route(app, contract.login.setLanguage, async (request) => {
    await saveLanguage(app.db, request.user.id, request.sessionTokenHash, request.body.lang);
    return ok({ lang: request.body.lang });
  });

  route(app, contract.login.languages, async () => ok(await languageList(app.db)));

  route(app, contract.login.sessionInfo, async (request) => ok(await sessionInfo(app.db, request.user.id, request.lang)));
}
