import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { checkClaimedPassword, claimPasswordAttempt } from './login';
import { enforcePasswordRule, setPassword } from './passwords';

/** A user changes their own password; their other sessions end, this one stays. */
export async function changeOwnPassword(db: Db, request: FastifyRequest, input: { oldPassword: string; newPassword: string }): Promise<void> {
  const { user } = request;
  const { oldPassword, newPassword } = input;
  const now = request.server.clock.now();
  // A wrong old password counts as a failed login, so a borrowed session cannot guess it.
  const ids = await claimPasswordAttempt(db, user.userCode, request.ip, now);
  const row = await db.selectFrom('appUser').select('passwordHash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await checkClaimedPassword(db, ids, user.userCode, oldPassword, row.passwordHash))) throw refuse(CODE.wrongOldPassword);
  if (oldPassword === newPassword) throw refuse(CODE.passwordUnchanged);
  await enforcePasswordRule(db, newPassword, user.userCode, request.t);
  await setPassword(db, user.id, newPassword, request.sessionTokenHash);
}
