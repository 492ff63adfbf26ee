import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { checkClaimedPassword, claimPasswordAttempt } from './login';
import type { ProfileValues } from '../../src/shared/contract';

/** "My profile": the user's own English name, e-mail and gender. */
export async function readProfile(db: Db, userId: number) {
  const row = await db.selectFrom('appUser').select(['userCode', 'userName', 'userNameEn', 'email', 'gender']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { userCode: row.userCode, userName: row.userName, userNameEn: row.userNameEn ?? '', email: row.email ?? '', gender: row.gender ?? '' };
}

export async function saveProfile(db: Db, userId: number, values: ProfileValues): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ userNameEn: values.userNameEn || null, email: values.email || null, gender: values.gender || null, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** The caller's current password, asked again before a sensitive change; a wrong one counts as a failed login. */
export async function checkCurrentPassword(db: Db, request: FastifyRequest, password: string | undefined): Promise<void> {
  if (!password) throw refuse(CODE.passwordNeeded);
  const { user } = request;
  const ids = await claimPasswordAttempt(db, user.userCode, request.ip, request.server.clock.now());
  const row = await db.selectFrom('appUser').select('passwordHash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await checkClaimedPassword(db, ids, user.userCode, password, row.passwordHash))) throw refuse(CODE.passwordIncorrect);
}
