import type { FastifyInstance } from 'fastify';
import { ok, refuse } from '../../http/answer';
import { route } from '../../http/route';
import { QR_GENERATE_LIMIT, LOGIN_THROTTLE } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { contract } from '../../../src/shared/contract';
import { minutesToWait, recordEvent, type Limit } from '../../security/throttle';
import { startLogin } from '../../services/login';
import { confirmQr, generateQr, pollQr, qrDetail } from '../../services/qr-login';

const GENERATE: Limit = { bucket: 'qr-generate', max: QR_GENERATE_LIMIT, windowMinutes: LOGIN_THROTTLE.windowMinutes };

/** QR-code login: the login page generates and polls; a logged-in user confirms (docs/api/shell.md). */
export default async function qrcodeRoutes(app: FastifyInstance) {
  const policy = { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours };

  route(app, contract.qr.generate, async (request) => {
    const now = app.clock.now();
    const minutes = await minutesToWait(app.db, GENERATE, request.ip, new Date(now));
    if (minutes > 0) throw refuse(CODE.tooManyRequests, { minutes }, { data: { minutes } });
    await recordEvent(app.db, GENERATE, request.ip, now);
    return ok(await generateQr(app.db, request, app.config.qrLoginLifetimeSeconds, now));
  });

  route(app, contract.qr.status, async (request) => {
    const { status, expiresAt, userId, keepSessionHash } = await pollQr(app.db, request.body.qrId, app.clock.now());
    if (userId === undefined) return ok({ status, expiresAt });
    // The phone that confirmed is the user's own device at hand: its session goes on.
    return ok({ status, expiresAt, ...(await startLogin(app.db, request, userId, policy, keepSessionHash ?? undefined)) });
  });

  route(app, contract.qr.detail, async (request) => ok(await qrDetail(app.db, request.body.qrId, app.clock.now())));

  route(app, contract.qr.confirm, async (request) => {
    await confirmQr(app.db, request.body.qrId, request.user.id, request.sessionTokenHash, app.clock.now());
    return ok(null);
  });
}
