import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, ok, refuse } from '../../http/answer';
import { HEADERS, LOGIN_PAGE_FILES, QR_POLL_INTERVAL_MS } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { findSession } from '../../security/sessions';
import { systemSettings } from '../../services/login-info';
import { fileList, findFile, isPublic, mayRead, restoreSeedFiles } from '../../services/files';
import { qrImage } from '../../services/qr-login';
import { body, empty, id } from './schemas';

const anonymous = { anonymous: true } as const;

/**
 * What the login page reads before anyone logs in: its parameters, its logos (served from the
 * file store) and the mobile-app download code. Other stored files need a session.
 */
export default async function loginPageRoutes(app: FastifyInstance) {
  const policy = { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours };
  await restoreSeedFiles(app.db, app.config.filesDir);

  const param = async (key: string) => (await app.db.selectFrom('sysParam').select('paramValue').where('paramKey', '=', key).executeTakeFirst())?.paramValue ?? '';

  /** Anonymous routes that serve private files too check the session themselves. */
  const requireSession = async (token: unknown) => {
    const found = await findSession(app.db, typeof token === 'string' ? token : undefined, policy);
    if (!found.ok) throw new AppError(401, found.code);
    return found.user;
  };

  app.get('/common/query-sys-param-set/-by-/login-page', { config: anonymous }, async (request) => {
    const settings = await systemSettings(app.db, request.lang);
    const logos = await fileList(app.db, LOGIN_PAGE_FILES);
    return ok({
      ...settings,
      qrExpiresSeconds: app.config.qrLoginLifetimeSeconds,
      qrPollIntervalMs: QR_POLL_INTERVAL_MS,
      forgotPasswordEnabled: (await param('login.forgot-password')) === '1',
      appDownloadEnabled: (await param('app.download.url')) !== '',
      logoFiles: logos.map((f) => ({ id: f.id, originalFileName: f.originalFileName, url: f.url })),
    });
  });

  app.post<{ Body: { orderNo: string; systemCode?: string; fileBusinessType?: string } }>(
    '/common/query-upload-file-list',
    {
      config: anonymous,
      schema: {
        body: body(
          { orderNo: { type: 'string', minLength: 1, maxLength: 64 }, systemCode: { type: 'string', maxLength: 16 }, fileBusinessType: { type: 'string', maxLength: 64 } },
          ['orderNo'],
        ),
      },
    },
    async (request) => {
      const { orderNo, ...filter } = request.body;
      const reader = orderNo === LOGIN_PAGE_FILES ? null : await requireSession(request.headers[HEADERS.jwtToken.toLowerCase()]);
      return ok(await fileList(app.db, orderNo, filter, reader));
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/components/upload/view-file',
    { config: anonymous, schema: { querystring: { type: 'object', required: ['id'], properties: { id } } } },
    async (request, reply) => {
      const file = await findFile(app.db, request.query.id);
      if (!file) throw notFound(request.url.split('?')[0]!);
      const reader = isPublic(file) ? null : await requireSession(request.headers[HEADERS.jwtToken.toLowerCase()]);
      // Another user's file answers as if it did not exist: its id tells nothing.
      if (!mayRead(file, reader)) throw notFound(request.url.split('?')[0]!);
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
    },
  );

  app.post('/login/out/app/download/generate', { config: anonymous, schema: { body: empty } }, async () => {
    const url = await param('app.download.url');
    if (!url) throw refuse(CODE.appDownloadNotConfigured);
    return ok({ qrImage: await qrImage(url), url });
  });
}
