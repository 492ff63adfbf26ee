import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { NAV_COLORS, THEME_NAMES } from '../../../src/shared/constants';
import { saveTheme, userTheme, type NavColor, type ThemeName } from '../../services/user-settings';
import { body, empty } from './schemas';

/** The user's colour theme and navigation colour (shell §2). */
export default async function themeRoutes(app: FastifyInstance) {
  app.post('/themes/query', { schema: { body: empty } }, async (request) => ok(await userTheme(app.db, request.user.id)));

  app.post<{ Body: { themeName: ThemeName; navColor: NavColor } }>(
    '/themes/add',
    { schema: { body: body({ themeName: { type: 'string', enum: [...THEME_NAMES] }, navColor: { type: 'string', enum: [...NAV_COLORS] } }) } },
    async (request) => {
      await saveTheme(app.db, request.user.id, request.body);
      return ok(await userTheme(app.db, request.user.id));
    },
  );
}
