import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { saveTheme, userTheme } from '../../services/user-settings';

/** The user's colour theme and navigation colour (shell §2). */
export default async function themeRoutes(app: FastifyInstance) {
  route(app, contract.preferences.themes, async (request) => ok(await userTheme(app.db, request.user.id)));

  route(app, contract.preferences.saveTheme, async (request) => {
    await saveTheme(app.db, request.user.id, request.body);
    return ok(await userTheme(app.db, request.user.id));
  });
}
