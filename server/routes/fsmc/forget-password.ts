import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../../http/answer';
import {
  IDENTIFY_CODE_LENGTH,
  IDENTIFY_CODE_LIFETIME_MINUTES,
  IDENTIFY_CODE_MAX_ATTEMPTS,
  IDENTIFY_CODE_SEND_LIMIT,
  PASSWORD_LENGTH_CEILING,
  RESET_TICKET_LIFETIME_MINUTES,
} from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { checkSecret, consumeSecrets, issueSecret, numericCode, ticket } from '../../security/one-time-code';
import { claimAttempt, type Limit } from '../../security/throttle';
import { defer, settled } from '../../services/deferred';
import { translator } from '../../i18n';
import { clearFailures } from '../../services/login';
import { sendMail } from '../../services/mail';
import { loadPasswordRule } from '../../services/password-rule-store';
import { enforcePasswordRule, setPassword } from '../../services/passwords';
import { body, empty, userCode } from './schemas';

const anonymous = { anonymous: true } as const;
const PER_USER: Limit = { bucket: 'identify-user', max: IDENTIFY_CODE_SEND_LIMIT.perUser, windowMinutes: IDENTIFY_CODE_SEND_LIMIT.windowMinutes };
const PER_ADDRESS: Limit = { bucket: 'identify-address', max: IDENTIFY_CODE_SEND_LIMIT.perAddress, windowMinutes: IDENTIFY_CODE_SEND_LIMIT.windowMinutes };
const LANG_OK = (lang: string | null): lang is 'zh-CN' | 'en-US' => lang === 'zh-CN' || lang === 'en-US';

/**
 * Forgot password (shell §2): an identify code by mail (the outbox while no mail server is
 * configured), exchanged for a short-lived reset ticket, which sets a password the rule accepts.
 * Every answer is the same whether or not the user exists.
 */
export default async function forgetPasswordRoutes(app: FastifyInstance) {
  // A code being mailed when the server stops is still mailed, and the database still open.
  app.addHook('onClose', async () => settled());
  const findUser = (code: string) => app.db.selectFrom('appUser').select(['id', 'userCode', 'userName', 'userNameEn', 'email', 'lang', 'status']).where('userCode', '=', code).executeTakeFirst();

  app.post<{ Body: { userCode: string } }>('/common/forget-password/send-identify-code', { config: anonymous, schema: { body: body({ userCode }) } }, async (request) => {
    const subject = request.body.userCode.trim().toLowerCase();
    // Claimed atomically: 15 concurrent sends for one user mail 3 codes, not 15.
    const claim = await claimAttempt(app.db, [
      { limit: PER_USER, subject },
      { limit: PER_ADDRESS, subject: request.ip },
    ]);
    if (!claim.ok) throw new AppError(200, CODE.tooManyRequests, { minutes: claim.minutes }, { minutes: claim.minutes });
    // Everything that depends on whether the user exists happens after the answer, so a known
    // and an unknown user code take the same path and the same time.
    const { userCode: typed } = request.body;
    const pageLang = request.lang;
    defer(request.log, async () => {
      const user = await findUser(typed);
      if (!user || user.status !== 'active' || !user.email) return;
      const code = numericCode(IDENTIFY_CODE_LENGTH);
      await issueSecret(app.db, user.id, 'identify', code, IDENTIFY_CODE_LIFETIME_MINUTES);
      // The mail speaks the user's own language when they chose one, else the page's.
      const lang = LANG_OK(user.lang) ? user.lang : pageLang;
      const t = translator(lang);
      const userName = (lang === 'en-US' ? user.userNameEn : null) ?? user.userName;
      await sendMail(app.db, {
        recipient: user.email,
        subject: t('resetMail.subject'),
        body: t('resetMail.body', { userName, code, minutes: IDENTIFY_CODE_LIFETIME_MINUTES }),
      });
    });
    return ok(null);
  });

  app.post<{ Body: { userCode: string; code: string } }>(
    '/common/forget-password/validate-code',
    { config: anonymous, schema: { body: body({ userCode, code: { type: 'string', minLength: 1, maxLength: 16 } }) } },
    async (request) => {
      const user = await findUser(request.body.userCode);
      const valid = user && user.status === 'active' && (await checkSecret(app.db, user.id, 'identify', request.body.code.trim(), { maxAttempts: IDENTIFY_CODE_MAX_ATTEMPTS, consume: true }));
      if (!user || !valid) throw new AppError(200, CODE.identifyCodeInvalid);
      const resetTicket = ticket();
      await issueSecret(app.db, user.id, 'reset-ticket', resetTicket, RESET_TICKET_LIFETIME_MINUTES);
      return ok({ resetTicket });
    },
  );

  app.post<{ Body: { userCode: string; resetTicket: string; newPassword: string } }>(
    '/common/forget-password/modify-password',
    {
      config: anonymous,
      schema: {
        body: body({ userCode, resetTicket: { type: 'string', minLength: 1, maxLength: 128 }, newPassword: { type: 'string', minLength: 1, maxLength: PASSWORD_LENGTH_CEILING } }),
      },
    },
    async (request) => {
      const { newPassword, resetTicket } = request.body;
      const user = await findUser(request.body.userCode);
      // The ticket is checked without using it up, so a password the rule refuses can be retried.
      const valid = user && user.status === 'active' && (await checkSecret(app.db, user.id, 'reset-ticket', resetTicket, { maxAttempts: IDENTIFY_CODE_MAX_ATTEMPTS, consume: false }));
      if (!user || !valid) throw new AppError(200, CODE.resetTicketInvalid);
      await enforcePasswordRule(app.db, newPassword, user.userCode, request.t);
      await setPassword(app.db, user.id, newPassword);
      await consumeSecrets(app.db, user.id, 'reset-ticket');
      await clearFailures(app.db, user.userCode);
      return ok(null);
    },
  );

  // The forgot-password page shows the rule before anyone is logged in.
  app.post('/common/forget-password/password-rule', { config: anonymous, schema: { body: empty } }, async () => ok(await loadPasswordRule(app.db)));
}
