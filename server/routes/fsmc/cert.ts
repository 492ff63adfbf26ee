import type { FastifyInstance } from 'fastify';
import { ok, refuse } from '../../http/answer';
import { route } from '../../http/route';
import { CERT_CHALLENGE_LIMIT, LOGIN_THROTTLE } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { contract } from '../../../src/shared/contract';
import { minutesToWait, recordEvent, releaseClaim, type Limit } from '../../security/throttle';
import { claimPasswordAttempt, clearFailures, startLogin } from '../../services/login';
import { releaseElapsedLock } from '../../services/user-lock';
import {
  checkBinding,
  consumeChallenge,
  issueCertFlag,
  issueChallenge,
  normaliseSerial,
  requireTrust,
  vendorInfo,
  verifyChallengeSignature,
} from '../../services/cert-login';

const CHALLENGES: Limit = { bucket: 'cert-challenge', max: CERT_CHALLENGE_LIMIT, windowMinutes: LOGIN_THROTTLE.windowMinutes };

/** Certificate login and business confirmation (shell §7 "Certificate login"; docs/certificates.md). */
export default async function certRoutes(app: FastifyInstance) {
  const policy = { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours };

  route(app, contract.cert.factoryAndLicense, async (request) => ok(await vendorInfo(request)));

  route(app, contract.cert.authInfo, async (request) => {
    const vendor = await vendorInfo(request);
    const now = app.clock.now();
    // As the QR code's generation: an address cannot fill the table with challenges.
    const minutes = await minutesToWait(app.db, CHALLENGES, request.ip, new Date(now));
    if (minutes > 0) throw refuse(CODE.tooManyRequests, { minutes }, { data: { minutes } });
    await recordEvent(app.db, CHALLENGES, request.ip, now);
    return ok({ ...vendor, ...(await issueChallenge(app.db, now)) });
  });

  route(app, contract.cert.authLogin, async (request) => {
    requireTrust(request);
    const { userCode, signedData, serialNumber, challenge } = request.body;
    const now = app.clock.now();
    await consumeChallenge(app.db, challenge, now);
    // The password login's throttle: a refused signature counts as a failed attempt of the user and the address.
    const ids = await claimPasswordAttempt(app.db, userCode, request.ip, now);
    const certificate = verifyChallengeSignature(request, signedData, challenge);
    if (normaliseSerial(serialNumber) !== normaliseSerial(certificate.serial)) throw refuse(CODE.certSerialMismatch);
    const user = await app.db.selectFrom('appUser').select(['id', 'status', 'certSerial']).where('userCode', '=', userCode).executeTakeFirst();
    checkBinding(user?.certSerial, certificate);
    await releaseClaim(app.db, ids);
    await clearFailures(app.db, userCode);
    // As /login/login: a lock whose time has passed ends here; any other status refuses.
    if (user!.status !== 'active' && !(await releaseElapsedLock(app.db, user!.id, new Date(now)))) throw refuse(CODE.userLocked);
    return ok(await startLogin(app.db, request, user!.id, policy));
  });

  route(app, contract.cert.validateCert, async (request) => {
    requireTrust(request);
    const { signedData, userName, challenge, funcCode } = request.body;
    const now = app.clock.now();
    await consumeChallenge(app.db, challenge, now);
    const certificate = verifyChallengeSignature(request, signedData, challenge);
    // userName, when sent, names the session's own user: nobody confirms for someone else.
    if (userName && userName !== request.user.userCode) throw refuse(CODE.certNotBound);
    const user = await app.db.selectFrom('appUser').select('certSerial').where('id', '=', request.user.id).executeTakeFirst();
    checkBinding(user?.certSerial, certificate);
    return ok(await issueCertFlag(app.db, request.sessionTokenHash, funcCode, now));
  });
}
