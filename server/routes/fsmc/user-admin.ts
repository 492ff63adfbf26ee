import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE } from '../../../src/shared/codes';
import { USER_TYPE_ADMIN } from '../../../src/shared/constants';
import { contract } from '../../../src/shared/contract';
import { lockTime } from '../../../src/shared/contract/user-admin';
import { ok, refuse } from '../../http/answer';
import { route } from '../../http/route';
import * as admin from '../../services/user-admin';

/**
 * The administration calls beside the user-info and duty resources (src/shared/contract/
 * user-admin.ts), each behind its function grant ('/user-info' or '/duty', checked before the
 * handler). On top of the grant: administrators (userType 1) are managed by administrators only
 * (1607); no one resets the password of, locks or changes the duties of their own account, or
 * the grants of a duty they hold (1606); and someone who is not an administrator hands out only
 * duties and functions they hold themselves (1609). So a grant never widens itself.
 */
export default async function userAdminRoutes(app: FastifyInstance) {
  const calls = contract.userAdmin;
  const now = () => new Date(app.clock.now());

  /** The user an administrator acts on: exists, not cancelled, not oneself, an administrator only for administrators. */
  async function targetUser(request: FastifyRequest, id: number, { self = false } = {}) {
    const user = await admin.requireUser(app.db, id);
    if (!self && user.id === request.user!.id) throw refuse(CODE.notOnYourself);
    if (user.userType === USER_TYPE_ADMIN && request.user!.userType !== USER_TYPE_ADMIN) throw refuse(CODE.adminOnly);
    return user;
  }

  route(app, calls.resetPassword, async (request) => {
    const user = await targetUser(request, request.body.id);
    const password = await admin.resetPassword(app.db, user);
    request.log.info({ userId: user.id, by: request.user!.id }, 'password reset by an administrator');
    return ok({ userCode: user.userCode, password });
  });

  route(app, calls.lockState, async (request) => {
    await admin.requireUser(app.db, request.body.id, { allowNullified: true });
    return ok(await admin.lockState(app.db, request.body.id, now()));
  });

  route(app, calls.changeLockedTime, async (request) => {
    const user = await targetUser(request, request.body.id);
    const until = request.body.lockedUntil === null ? null : lockTime(request.body.lockedUntil);
    if (request.body.lockedUntil !== null && until === null) {
      throw refuse(CODE.validation, { detail: request.t('record.badDate', { field: request.t('field.lockedUntil'), value: request.body.lockedUntil }) }, { status: 400 });
    }
    return ok(await admin.changeLockedTime(app.db, user.id, until, now()));
  });

  route(app, calls.onlineUsers, async (request) => ok(await admin.onlineUsers(app.db, request.body.start, request.body.limit, now(), request.lang)));

  route(app, calls.dutyStations, async (request) => {
    await admin.requireUser(app.db, request.body.id, { allowNullified: true });
    return ok(await admin.dutyStations(app.db, request.body.id, request.lang));
  });

  route(app, calls.saveDutyStations, async (request) => {
    const user = await targetUser(request, request.body.id);
    if (request.user!.userType !== USER_TYPE_ADMIN) await admin.requireOwnDuties(app.db, request.user!.id, user.id, request.body.dutyIds);
    await admin.saveDutyStations(app.db, user.id, request.body.dutyIds);
    return ok(await admin.dutyStations(app.db, user.id, request.lang));
  });

  route(app, calls.functionTree, async (request) => {
    await admin.requireDuty(app.db, request.body.id);
    return ok(await admin.functionGrants(app.db, request.body.id, request.lang));
  });

  route(app, calls.saveFunctionTree, async (request) => {
    const duty = await admin.requireDuty(app.db, request.body.id);
    if (duty.recordState === 'nullified') throw refuse(CODE.recordIllegalStep, { state: request.t('record.state.nullified'), step: request.t('record.step.update') });
    if (await admin.holdsDuty(app.db, request.user!.id, duty.id)) throw refuse(CODE.notOnYourself);
    if (request.user!.userType !== USER_TYPE_ADMIN) await admin.requireOwnFunctions(app.db, request.user!.id, duty.id, request.body.funcIds);
    await admin.saveFunctionGrants(app.db, duty.id, request.body.funcIds);
    return ok(await admin.functionGrants(app.db, duty.id, request.lang));
  });

  route(app, calls.checkUserCode, async (request) => ok({ exists: await admin.userCodeTaken(app.db, request.body.userCode, request.body.id ?? null, false) }));
  route(app, calls.checkUserCodeWithAdmin, async (request) => ok({ exists: await admin.userCodeTaken(app.db, request.body.userCode, request.body.id ?? null, true) }));
  route(app, calls.checkEmail, async (request) => ok({ exists: await admin.emailTaken(app.db, request.body.email, request.body.id ?? null) }));

  route(app, calls.dutyUsed, async (request) => {
    await admin.requireDuty(app.db, request.body.id);
    const count = await admin.dutyUsage(app.db, request.body.id);
    return ok({ used: count > 0, count });
  });
}
