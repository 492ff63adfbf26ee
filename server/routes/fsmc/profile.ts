import type { FastifyInstance } from 'fastify';
import { ok, refuse } from '../../http/answer';
import { CODE } from '../../../src/shared/codes';
import { GENDERS, PASSWORD_LENGTH_CEILING } from '../../../src/shared/constants';
import { PROFILE_LIMITS, isEmail, type Profile } from '../../../src/shared/profile-rules';
import { requireConfirmation } from '../../security/request-token-confirm';
import { checkClaimedPassword, claimPasswordAttempt } from '../../services/login';

const profileBody = {
  type: 'object',
  required: ['userNameEn', 'email', 'gender'],
  additionalProperties: false,
  properties: {
    userNameEn: { type: 'string', maxLength: PROFILE_LIMITS.userNameEn },
    email: { type: 'string', maxLength: PROFILE_LIMITS.email },
    gender: { type: 'string', enum: [...GENDERS, ''] },
    /** The current password: required when the e-mail changes (issue 9 point 3). */
    password: { type: 'string', maxLength: PASSWORD_LENGTH_CEILING },
  },
} as const;

async function readProfile(app: FastifyInstance, userId: number): Promise<Profile> {
  const row = await app.db.selectFrom('appUser').select(['userCode', 'userName', 'userNameEn', 'email', 'gender']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { userCode: row.userCode, userName: row.userName, userNameEn: row.userNameEn ?? '', email: row.email ?? '', gender: row.gender ?? '' };
}

/** "My profile": the logged-in user edits their own English name, e-mail and gender. */
export default async function profileRoutes(app: FastifyInstance) {
  app.get('/auth/userinfo/my-profile', async (request) => ok(await readProfile(app, request.user.id)));

  app.post<{ Body: { userNameEn: string; email: string; gender: string; password?: string } }>(
    '/auth/userinfo/edit-profile',
    { schema: { body: profileBody } },
    async (request, reply) => {
      const userNameEn = request.body.userNameEn.trim();
      const email = request.body.email.trim();
      if (email !== '' && !isEmail(email)) throw refuse(CODE.emailInvalid);
      const before = await readProfile(app, request.user.id);
      // The e-mail receives password-reset codes: a stolen session must not redirect them. So a
      // change needs the password again (a wrong one counts as a failed login) and is confirmed
      // (the 412 dialog), with a flag good for this very address only.
      if (email !== before.email) {
        const { password } = request.body;
        if (!password) throw refuse(CODE.passwordNeeded);
        const ids = await claimPasswordAttempt(app.db, request.user.userCode, request.ip);
        const row = await app.db.selectFrom('appUser').select('passwordHash').where('id', '=', request.user.id).executeTakeFirstOrThrow();
        if (!(await checkClaimedPassword(app.db, ids, request.user.userCode, password, row.passwordHash))) throw refuse(CODE.passwordIncorrect);
        await requireConfirmation(request, reply, { params: { from: before.email, to: email }, messageKey: 'profile.confirmEmail' });
      }
      await app.db
        .updateTable('appUser')
        .set({ userNameEn: userNameEn || null, email: email || null, gender: request.body.gender || null, updatedAt: new Date() })
        .where('id', '=', request.user.id)
        .execute();
      return ok(await readProfile(app, request.user.id));
    },
  );
}
