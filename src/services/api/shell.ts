import { request } from '../http/client';
import type { Page } from '../../shared/codes';
import type { LoginUserInfo } from '../storage';
import type { DefaultMenu } from './menu';
import type { PasswordRule } from '../../shared/password-rule';

/** Session, preferences, password, reminders and the outbox (docs/api/shell.md). */
export interface SessionInfo {
  loginUserInfo: LoginUserInfo;
  lang: string;
  systemTitle: string;
  themeName: string;
  navColor: string;
  defaultMenu: DefaultMenu;
  noNotify: boolean;
}

export interface Preferences {
  themeName: string;
  navColor: string;
}

export type { PasswordRule } from '../../shared/password-rule';

export interface Reminder {
  id: number;
  title: string;
  content: string;
  createdAt: string;
  status: 'unread' | 'read';
}

export interface OutboxMessage {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

const FSMC = '/api/fsmc';

export const shellApi = {
  // No overlay: the shell stands at once (its menu has its own spinner) and the header fills in.
  sessionInfo: () => request<SessionInfo>({ url: `${FSMC}/session/share/query-session-info`, data: {}, noLoading: true }),
  setLanguage: (lang: string) => request<{ lang: string }>({ url: `${FSMC}/login/lang-setting`, data: { lang } }),
  themes: () => request<Preferences>({ url: `${FSMC}/themes/query`, data: {} }),
  saveTheme: (body: Preferences) => request<Preferences>({ url: `${FSMC}/themes/add`, data: body }),
  passwordRule: () => request<PasswordRule>({ url: `${FSMC}/auth/password-rule/query`, data: {} }),
  forgotPasswordRule: () => request<PasswordRule>({ url: `${FSMC}/common/forget-password/password-rule`, data: {}, noLoading: true }),
  editPassword: (body: { oldPassword: string; newPassword: string }) => request<null>({ url: `${FSMC}/auth/userinfo/edit-password`, data: body }),
  reminders: (start: number, limit: number) => request<Page<Reminder>>({ url: `${FSMC}/remind/query-remind-info-by-page`, data: { start, limit } }),
  unreadReminders: () => request<Page<Reminder>>({ url: `${FSMC}/remind/list`, data: {}, noLoading: true }),
  cancelReminder: (id: number) => request<null>({ url: `${FSMC}/remind/cancel`, data: { id } }),
  cancelAllReminders: () => request<{ cancelled: number }>({ url: `${FSMC}/remind/cancel-all`, data: {} }),
  setNoNotify: (noNotify: boolean) => request<{ noNotify: boolean }>({ url: `${FSMC}/remind/user-remind-set`, data: { noNotify } }),
  outbox: (start: number, limit: number) => request<Page<OutboxMessage>>({ url: `${FSMC}/system/outbox/query`, data: { start, limit } }),
};
