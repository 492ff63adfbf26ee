import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, ok } from '../../http/answer';
import { PASSWORD_LENGTH_CEILING, PASSWORD_LENGTH_FLOOR } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { ruleProblems, type PasswordRule } from '../../../src/shared/password-rule';
import { checkClaimedPassword, claimPasswordAttempt } from '../../services/login';
import { loadPasswordRule, savePasswordRule } from '../../services/password-rule-store';
import { enforcePasswordRule, setPassword } from '../../services/passwords';
import { requireAdmin } from '../../services/permissions';
import { body, empty } from './schemas';

const length = { type: 'integer', minimum: PASSWORD_LENGTH_FLOOR, maximum: PASSWORD_LENGTH_CEILING } as const;
const flag = { type: 'boolean' } as const;
const ruleBody = body({ minLength: length, maxLength: length, requireUpper: flag, requireLower: flag, requireDigit: flag, requireSymbol: flag, forbidUserCode: flag });
const password = { type: 'string', minLength: 1, maxLength: PASSWORD_LENGTH_CEILING } as const;

/** The password rule (administrators change it) and a user's own password change. */
export default async function passwordRoutes(app: FastifyInstance) {
  app.post('/auth/password-rule/query', { schema: { body: empty } }, async () => ok(await loadPasswordRule(app.db)));

  app.post<{ Body: PasswordRule }>('/auth/password-rule/update', { preHandler: requireAdmin, schema: { body: ruleBody } }, async (request) => {
    const problems = ruleProblems(request.body);
    if (problems.length) throw badRequest(problems.join('; '));
    await savePasswordRule(app.db, request.body);
    return ok(await loadPasswordRule(app.db));
  });

  app.post<{ Body: { oldPassword: string; newPassword: string } }>(
    '/auth/userinfo/edit-password',
    { schema: { body: body({ oldPassword: password, newPassword: password }) } },
    async (request) => {
      const { user } = request;
      const { oldPassword, newPassword } = request.body;
      // A wrong old password counts as a failed login, so a borrowed session cannot guess it.
      const ids = await claimPasswordAttempt(app.db, user.userCode, request.ip);
      const row = await app.db.selectFrom('appUser').select('passwordHash').where('id', '=', user.id).executeTakeFirstOrThrow();
      if (!(await checkClaimedPassword(app.db, ids, user.userCode, oldPassword, row.passwordHash))) throw new AppError(200, CODE.wrongOldPassword);
      if (oldPassword === newPassword) throw new AppError(200, CODE.passwordUnchanged);
      await enforcePasswordRule(app.db, newPassword, user.userCode, request.t);
      await setPassword(app.db, user.id, newPassword, request.sessionTokenHash);
      return ok(null);
    },
  );
}
