import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../../http/answer';
import { QR_GENERATE_LIMIT, LOGIN_THROTTLE } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { minutesToWait, recordEvent, type Limit } from '../../security/throttle';
import { startLogin } from '../../services/login';
import { confirmQr, generateQr, pollQr, qrDetail } from '../../services/qr-login';
import { body, empty } from './schemas';

const anonymous = { anonymous: true } as const;
const qrBody = body({ qrId: { type: 'string', minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } });
const GENERATE: Limit = { bucket: 'qr-generate', max: QR_GENERATE_LIMIT, windowMinutes: LOGIN_THROTTLE.windowMinutes };

/** QR-code login: the login page generates and polls; a logged-in user confirms (docs/api/shell.md). */
export default async function qrcodeRoutes(app: FastifyInstance) {
  const policy = { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours };

  app.post('/login/qrcode/in/generate', { config: anonymous, schema: { body: empty } }, async (request) => {
    const minutes = await minutesToWait(app.db, GENERATE, request.ip);
    if (minutes > 0) throw new AppError(200, CODE.tooManyRequests, { minutes }, { minutes });
    await recordEvent(app.db, GENERATE, request.ip);
    return ok(await generateQr(app.db, request, app.config.qrLoginLifetimeSeconds));
  });

  app.post<{ Body: { qrId: string } }>('/login/qrcode/in/status', { config: anonymous, schema: { body: qrBody } }, async (request) => {
    const { status, expiresAt, userId, keepSessionHash } = await pollQr(app.db, request.body.qrId);
    if (userId === undefined) return ok({ status, expiresAt });
    // The phone that confirmed is the user's own device at hand: its session goes on.
    return ok({ status, expiresAt, ...(await startLogin(app.db, request, userId, policy, keepSessionHash ?? undefined)) });
  });

  app.post<{ Body: { qrId: string } }>('/login/qrcode/in/detail', { schema: { body: qrBody } }, async (request) => ok(await qrDetail(app.db, request.body.qrId)));

  app.post<{ Body: { qrId: string } }>('/login/qrcode/in/confirm', { schema: { body: qrBody } }, async (request) => {
    await confirmQr(app.db, request.body.qrId, request.user.id, request.sessionTokenHash);
    return ok(null);
  });
}
