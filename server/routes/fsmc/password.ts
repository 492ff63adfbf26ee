import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../http/answer';
import { route } from '../../http/route';
import { describeProblems, ruleProblems } from '../../../src/shared/password-rule';
import { contract } from '../../../src/shared/contract';
import { loadPasswordRule, savePasswordRule } from '../../services/password-rule-store';
import { changeOwnPassword } from '../../services/passwords-change';

/** The password rule (administrators change it) and a user's own password change. */
export default async function passwordRoutes(app: FastifyInstance) {
  route(app, contract.profile.passwordRule, async () => ok(await loadPasswordRule(app.db)));

  route(app, contract.profile.savePasswordRule, async (request) => {
    const problems = ruleProblems(request.body);
    if (problems.length) throw badRequest(describeProblems(problems, request.t));
    await savePasswordRule(app.db, request.body);
    return ok(await loadPasswordRule(app.db));
  });

  route(app, contract.profile.editPassword, async (request) => {
    await changeOwnPassword(app.db, request, request.body);
    return ok(null);
  });
}
