import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound, ok, refuse } from '../../http/answer';
import { route } from '../../http/route';
import { DB_ID_MAX, HEADERS, LOGIN_PAGE_FILES, QR_POLL_INTERVAL_MS } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { contract } from '../../../src/shared/contract';
import { findSession } from '../../security/sessions';
import { systemParam, systemSettings } from '../../services/login-info';
import { fileList, findFile, isPublic, mayOpen, restoreSeedFiles } from '../../services/files';
import { qrImage } from '../../services/qr-login';
import { addPageParts } from '../../plugins/headers';
import { loginFirstPaint } from '../../pages/login-first-paint';

/**
 * What the login page reads before anyone logs in: its parameters, its logos (served from the
 * file store) and the mobile-app download code. Other stored files need a session.
 */
export default async function loginPageRoutes(app: FastifyInstance) {
  const policy = { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours };
  await restoreSeedFiles(app.db, app.config.filesDir);

  /** Anonymous routes that serve private files too check the session themselves. */
  const requireSession = async (token: unknown) => {
    const found = await findSession(app.db, typeof token === 'string' ? token : undefined, policy, app.clock.now());
    if (!found.ok) throw refuse(found.code, {}, { status: 401 });
    return found.user;
  };

  route(app, contract.loginPage.params, async (request) => {
    const settings = await systemSettings(app.db, request.lang);
    const logos = await fileList(app.db, LOGIN_PAGE_FILES);
    return ok({
      ...settings,
      qrExpiresSeconds: app.config.qrLoginLifetimeSeconds,
      qrPollIntervalMs: QR_POLL_INTERVAL_MS,
      forgotPasswordEnabled: (await systemParam(app.db, 'login.forgot-password')) === '1',
      appDownloadEnabled: (await systemParam(app.db, 'app.download.url')) !== '',
      logoFiles: logos,
    });
  });

  // login.html comes with its card and logos painted (pages/login-first-paint.ts): the largest
  // thing the page paints no longer waits for the script and this call (issue 16).
  addPageParts(app, 'login.html', async () => loginFirstPaint(await fileList(app.db, LOGIN_PAGE_FILES)));

  route(app, contract.loginPage.fileList, async (request) => {
    const { orderNo, ...filter } = request.body;
    const reader = orderNo === LOGIN_PAGE_FILES ? null : await requireSession(request.headers[HEADERS.jwtToken.toLowerCase()]);
    return ok(await fileList(app.db, orderNo, filter, reader));
  });

  route(app, contract.loginPage.viewFile, async (request, reply) => {
    // The query's id is digits; one past the database's integer range names no file.
    const id = Number(request.query.id);
    const file = id <= DB_ID_MAX ? await findFile(app.db, id) : undefined;
    if (!file) throw notFound(request.url.split('?')[0]!);
    if (!isPublic(file)) request.user = await requireSession(request.headers[HEADERS.jwtToken.toLowerCase()]);
    // Another user's file (or one of a record the reader may not see) answers as if it did not exist: its id tells nothing.
    if (!(await mayOpen(app.db, file, request))) throw notFound(request.url.split('?')[0]!);
    const location = path.join(app.config.filesDir, file.storageName);
    if (!fs.existsSync(location)) throw notFound(request.url.split('?')[0]!);
    // An SVG could carry script: served with no right to run any, and never sniffed.
    reply
      .header('Content-Type', file.mimeType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.originalFileName)}`)
      .header('Cache-Control', isPublic(file) ? 'public, max-age=300' : 'private, no-store');
    return reply.send(fs.createReadStream(location));
  });

  route(app, contract.loginPage.appDownload, async () => {
    const url = await systemParam(app.db, 'app.download.url');
    if (!url) throw refuse(CODE.appDownloadNotConfigured);
    return ok({ qrImage: await qrImage(url), url });
  });
}
