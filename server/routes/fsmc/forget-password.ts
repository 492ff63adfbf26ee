import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { settled } from '../../services/deferred';
import { resetPassword, sendIdentifyCode, validateIdentifyCode } from '../../services/forgot-password';
import { loadPasswordRule } from '../../services/password-rule-store';
import { whenAnswered } from '../../services/deferred';

/**
 * Forgot password (shell §2): an identify code by mail (the outbox while no mail server is
 * configured), exchanged for a short-lived reset ticket, which sets a password the rule accepts.
 * Every answer is the same whether or not the user exists.
 */
export default async function forgetPasswordRoutes(app: FastifyInstance) {
  // A code being mailed when the server stops is still mailed, and the database still open.
  app.addHook('onClose', async () => settled());
  route(app, contract.forgotPassword.sendIdentifyCode, async (request, reply) => {
    await sendIdentifyCode(app.db, request.log, request.body.userCode, request.ip, request.lang, app.clock.now(), whenAnswered(reply));
    return ok(null);
  });

  route(app, contract.forgotPassword.validateCode, async (request) => ok(await validateIdentifyCode(app.db, request.body.userCode, request.body.code, app.clock.now())));

  route(app, contract.forgotPassword.modifyPassword, async (request) => {
    await resetPassword(app.db, request.body, request.t, app.clock.now());
    return ok(null);
  });

  // The forgot-password page shows the rule before anyone is logged in.
  route(app, contract.forgotPassword.passwordRule, async () => ok(await loadPasswordRule(app.db)));
}
