import type { FastifyInstance } from 'fastify';
import commonRoutes from './common';
import loginRoutes from './login';
import tokenRoutes from './token';
import profileRoutes from './profile';
import loginPageRoutes from './login-page';
import qrcodeRoutes from './qrcode';
import forgetPasswordRoutes from './forget-password';
import passwordRoutes from './password';
import outboxRoutes from './outbox';
import menuRoutes from './menu';
import oftenMenuRoutes from './often-menu';
import defaultMenuRoutes from './default-menu';
import themeRoutes from './themes';
import remindRoutes from './remind';
import querySettingsRoutes from './query-settings';
import resourceRoutes from './resources';
import userAdminRoutes from './user-admin';

/** /api/fsmc: the portal's own calls (shell §7). */
export default async function fsmcArea(app: FastifyInstance) {
  await app.register(commonRoutes);
  await app.register(loginRoutes);
  await app.register(tokenRoutes);
  await app.register(profileRoutes);
  await app.register(loginPageRoutes);
  await app.register(qrcodeRoutes);
  await app.register(forgetPasswordRoutes);
  await app.register(passwordRoutes);
  await app.register(outboxRoutes);
  await app.register(menuRoutes);
  await app.register(oftenMenuRoutes);
  await app.register(defaultMenuRoutes);
  await app.register(themeRoutes);
  await app.register(remindRoutes);
  await app.register(querySettingsRoutes);
  await app.register(resourceRoutes);
  await app.register(userAdminRoutes);
}
