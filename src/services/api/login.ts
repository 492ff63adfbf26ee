import { call } from '../http/call';
import type { BodyOf, DataOf, Static } from '../../shared/contract/define';
import { login, type LanguageItem as LanguageItemSchema } from '../../shared/contract/login';
import { loginPage } from '../../shared/contract/login-page';
import { qr } from '../../shared/contract/qr';
import { forgotPassword } from '../../shared/contract/forgot-password';
import { cert } from '../../shared/contract/cert';

// The areas this page calls, each from its own file: the contract's index would bring every
// area's schemas into the login page's script (issue 16).
const contract = { login, loginPage, qr, forgotPassword };

/** Login-page calls: thin names for contract entries (src/shared/contract, docs/api). */
const c = { ...contract.login, ...contract.loginPage, ...contract.qr, ...contract.forgotPassword };

export type LoginAnswer = DataOf<typeof c.login>;
export type SystemSetting = DataOf<typeof c.systemSetting>;
export type LoginPageParams = DataOf<typeof c.params>;
export type QrCodeAnswer = DataOf<typeof c.generate>;
export type QrStatusAnswer = DataOf<typeof c.status>;
export type QrDetail = DataOf<typeof c.detail>;
export type LanguageItem = Static<typeof LanguageItemSchema>;

export const loginApi = {
  login: (body: BodyOf<typeof c.login>) => call(c.login, body),
  /** Certificate login: answers like `login` (POST /login/auth/authLogin). */
  certLogin: (body: BodyOf<typeof cert.authLogin>) => call(cert.authLogin, body),
  logout: () => call(c.logout, {}),
  loginTypes: () => call(c.loginTypes),
  pageParams: () => call(c.params),
  systemSetting: () => call(c.systemSetting),
  langList: () => call(c.portalLanguages, {}),
  qrGenerate: () => call(c.generate, {}),
  qrStatus: (qrId: string) => call(c.status, { qrId }),
  qrDetail: (qrId: string) => call(c.detail, { qrId }),
  qrConfirm: (qrId: string) => call(c.confirm, { qrId }),
  sendIdentifyCode: (userCode: string) => call(c.sendIdentifyCode, { userCode }),
  validateCode: (body: BodyOf<typeof c.validateCode>) => call(c.validateCode, body),
  modifyPassword: (body: BodyOf<typeof c.modifyPassword>) => call(c.modifyPassword, body),
};
