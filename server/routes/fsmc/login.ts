import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { LANGUAGES, PASSWORD_LENGTH_CEILING, type Language } from '../../../src/shared/constants';
import { endSession } from '../../security/sessions';
import { loginUserInfo, systemSettings, languageList } from '../../services/login-info';
import { passwordLogin } from '../../services/login';
import { defaultMenu, noNotify, saveLanguage, userTheme } from '../../services/user-settings';
import { dutyStations } from '../../services/duties';
import { body, empty, userCode } from './schemas';

const anonymous = { anonymous: true } as const;

/** Login, logout, language and session info (shell §7 "Common and login"). */
export default async function loginRoutes(app: FastifyInstance) {
  const policy = { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours };

  app.get('/login/query-login-type', { config: anonymous }, async (request) => {
    const settings = await systemSettings(app.db, request.lang);
    return ok(settings.loginTypes);
  });

  app.post<{ Body: { userCode: string; password: string } }>(
    '/login/login',
    { config: anonymous, schema: { body: body({ userCode, password: { type: 'string', minLength: 1, maxLength: PASSWORD_LENGTH_CEILING } }) } },
    async (request) => ok(await passwordLogin(app.db, request, request.body, policy)),
  );

  app.post('/login/login-out', { schema: { body: empty } }, async (request) => {
    await endSession(app.db, request.sessionTokenHash, 'logout');
    return ok(null);
  });

  app.post<{ Body: { lang: Language } }>('/login/lang-setting', { schema: { body: body({ lang: { type: 'string', enum: [...LANGUAGES] } }) } }, async (request) => {
    await saveLanguage(app.db, request.user.id, request.sessionTokenHash, request.body.lang);
    return ok({ lang: request.body.lang });
  });

  app.post('/login/query/lang-info-list', { config: anonymous, schema: { body: empty } }, async () => ok(languageList()));

  app.post('/session/share/query-session-info', { schema: { body: empty } }, async (request) => {
    const info = await loginUserInfo(app.db, request.user.id);
    const lang = (LANGUAGES as readonly string[]).includes(info.lang ?? '') ? (info.lang as Language) : request.lang;
    return ok({
      loginUserInfo: info,
      lang,
      systemTitle: (await systemSettings(app.db, lang)).systemTitle,
      ...(await userTheme(app.db, request.user.id)),
      defaultMenu: await defaultMenu(app.db, request.user.id),
      noNotify: await noNotify(app.db, request.user.id),
      dutyStations: await dutyStations(app.db, request.user.id, lang),
    });
  });
}
