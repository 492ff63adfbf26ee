import { request } from '../http/client';
import type { LoginUserInfo } from '../storage';

/** Login-page calls (shell §7, "Common and login"; contract in docs/api/shell.md). */
export interface LoginAnswer {
  JwtToken: string;
  lang: string;
  loginUserInfo: LoginUserInfo;
}

export interface LoginType {
  value: string;
  text: string;
}

export interface SystemSetting {
  systemTitle: string;
  loginTypes: LoginType[];
}

export interface LoginPageParams extends SystemSetting {
  qrExpiresSeconds: number;
  qrPollIntervalMs: number;
  forgotPasswordEnabled: boolean;
  appDownloadEnabled: boolean;
  logoFiles: Array<{ id: number | string; originalFileName: string; url: string }>;
}

export interface QrCodeAnswer {
  qrId: string;
  qrImage: string;
  confirmUrl: string;
  expiresAt: string;
}

export interface QrStatusAnswer {
  status: 'waiting' | 'confirmed' | 'expired' | 'consumed';
  expiresAt?: string;
  JwtToken?: string;
  lang?: string;
  loginUserInfo?: LoginUserInfo;
}

export interface QrDetail {
  status: QrStatusAnswer['status'];
  createdAt: string;
  expiresAt: string;
  clientAddress: string;
  userAgent: string;
}

export interface LanguageItem {
  langSymbol: string;
  langName?: string;
}

const FSMC = '/api/fsmc';

export const loginApi = {
  login: (body: { userCode: string; password: string }) => request<LoginAnswer>({ url: `${FSMC}/login/login`, data: body }),
  logout: () => request<null>({ url: `${FSMC}/login/login-out` }),
  loginTypes: () => request<LoginType[]>({ method: 'GET', url: `${FSMC}/login/query-login-type`, noLoading: true }),
  pageParams: () => request<LoginPageParams>({ method: 'GET', url: `${FSMC}/common/query-sys-param-set/-by-/login-page`, noLoading: true }),
  systemSetting: () => request<SystemSetting>({ method: 'GET', url: '/api/portal/login/query-system-setting', noLoading: true }),
  langList: () => request<LanguageItem[]>({ url: '/api/portal/login/query/lang-info-list', noLoading: true }),
  qrGenerate: () => request<QrCodeAnswer>({ url: `${FSMC}/login/qrcode/in/generate`, data: {}, noLoading: true }),
  qrStatus: (qrId: string) => request<QrStatusAnswer>({ url: `${FSMC}/login/qrcode/in/status`, data: { qrId }, noLoading: true }),
  qrDetail: (qrId: string) => request<QrDetail>({ url: `${FSMC}/login/qrcode/in/detail`, data: { qrId } }),
  qrConfirm: (qrId: string) => request<null>({ url: `${FSMC}/login/qrcode/in/confirm`, data: { qrId } }),
  sendIdentifyCode: (userCode: string) => request<null>({ url: `${FSMC}/common/forget-password/send-identify-code`, data: { userCode } }),
  validateCode: (body: { userCode: string; code: string }) => request<{ resetTicket: string }>({ url: `${FSMC}/common/forget-password/validate-code`, data: body }),
  modifyPassword: (body: { userCode: string; resetTicket: string; newPassword: string }) =>
    request<null>({ url: `${FSMC}/common/forget-password/modify-password`, data: body }),
};
