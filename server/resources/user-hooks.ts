import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { USER_TYPE_ADMIN } from '../../src/shared/constants';
import type { RecordEventType } from '../../src/shared/record';
import { refuse } from '../http/answer';
import userInfo from '../../src/resources/defs/user-info';
import { emailTaken, isReservedUserCode, requireOrg, setUnknownPassword, syncUserOrg, syncUserStatus } from '../services/user-admin';
import type { ResourceHooks } from './register';
import type { Row } from './store';

/**
 * What the user-info resource does beyond the generic routes (src/resources/defs/user-info.ts),
 * inside each write's transaction:
 * - a new user gets a random password nobody knows (the administrator resets it to hand one
 *   over: POST /user-info/reset-password), and may not take the super administrator's code;
 * - the organisation code must name an organisation, and org_id follows it;
 * - e-mail addresses are unique letter case aside (the generic check compares exactly);
 * - only administrators add or manage administrators (userType 1), and no one disables,
 *   cancels or deletes their own account;
 * - after every step the login status follows the record (approved, enabled, not locked), and
 *   a user who may no longer log in (cancelled, disabled, returned…) loses their sessions.
 */
const SELF_FORBIDDEN: RecordEventType[] = ['RECORD.DISABLE', 'RECORD.NULLIFY', 'RECORD.DELETE'];

function actorOf(request: FastifyRequest) {
  return request.user!;
}

async function checkBody(tx: Db, body: Record<string, unknown>, request: FastifyRequest, exceptId: number | null): Promise<void> {
  if (body.userType === USER_TYPE_ADMIN && actorOf(request).userType !== USER_TYPE_ADMIN) throw refuse(CODE.adminOnly);
  await requireOrg(tx, body.orgCode);
  if (typeof body.email === 'string' && body.email !== '' && (await emailTaken(tx, body.email, exceptId))) {
    throw refuse(CODE.recordDuplicate, { field: userInfo.fields.email!.label[request.lang], value: body.email });
  }
}

export const userHooks: ResourceHooks = {
  async beforeInsert(tx, body, request) {
    const userCode = String(body.userCode ?? '');
    if (isReservedUserCode(userCode)) throw refuse(CODE.userCodeReserved, { code: userCode });
    await checkBody(tx, body, request, null);
    return {};
  },

  async beforeStep(tx, row: Row, step, request) {
    const actor = actorOf(request);
    if (row.userType === USER_TYPE_ADMIN && actor.userType !== USER_TYPE_ADMIN) throw refuse(CODE.adminOnly);
    if (row.id === actor.id && SELF_FORBIDDEN.includes(step)) throw refuse(CODE.notOnYourself);
    if (step === 'RECORD.UPDATE' || step === 'RECORD.UPDATE_AND_SUBMIT') await checkBody(tx, request.body as Record<string, unknown>, request, row.id);
  },

  async afterWrite(tx, row, step, request) {
    if (step === 'RECORD.SAVE' || step === 'RECORD.SAVE_AND_SUBMIT') await setUnknownPassword(tx, row.id);
    await syncUserOrg(tx, row.id);
    await syncUserStatus(tx, row.id, new Date(request.server.clock.now()));
  },
};
