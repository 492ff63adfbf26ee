import { Body, Empty, Nothing, Required, Type, endpoint } from './define';
import { Password, PasswordRule, UserCode } from './common';

/**
 * Forgot password (shell §2): an identify code by mail (the outbox while no mail server is
 * configured), exchanged for a short-lived reset ticket, which sets a password the rule accepts.
 */
const anonymous = { anonymous: true } as const;
export const IDENTIFY_CODE_INPUT_MAX = 16;

export const forgotPassword = {
  sendIdentifyCode: endpoint({
    path: '/api/fsmc/common/forget-password/send-identify-code',
    summary: 'Mails an identify code to the user’s address; the same answer whether or not the user exists. Throttled (1203).',
    body: Body({ userCode: UserCode }),
    data: Nothing,
    flags: anonymous,
    client: { inlineErrors: true },
  }),
  validateCode: endpoint({
    path: '/api/fsmc/common/forget-password/validate-code',
    summary: 'Exchanges a right identify code for a reset ticket (1210 otherwise).',
    body: Body({ userCode: UserCode, code: Required(IDENTIFY_CODE_INPUT_MAX) }),
    data: Type.Object({ resetTicket: Type.String() }),
    flags: anonymous,
    client: { inlineErrors: true },
  }),
  modifyPassword: endpoint({
    path: '/api/fsmc/common/forget-password/modify-password',
    summary: 'Sets a new password with a live reset ticket; ends every session of the user.',
    body: Body({ userCode: UserCode, resetTicket: Required(128), newPassword: Password }),
    data: Nothing,
    flags: anonymous,
    client: { inlineErrors: true },
  }),
  passwordRule: endpoint({
    path: '/api/fsmc/common/forget-password/password-rule',
    summary: 'The password rule, for the forgot-password page before anyone is logged in.',
    body: Empty,
    data: PasswordRule,
    flags: { ...anonymous, read: true },
    client: { noLoading: true },
  }),
};
