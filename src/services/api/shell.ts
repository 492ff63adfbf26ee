import { call } from '../http/call';
import type { BodyOf, DataOf } from '../../shared/contract/define';
import { login } from '../../shared/contract/login';
import { preferences } from '../../shared/contract/preferences';
import { profile } from '../../shared/contract/profile';
import { forgotPassword } from '../../shared/contract/forgot-password';
import { remind } from '../../shared/contract/remind';
import { outbox } from '../../shared/contract/outbox';

// Each area from its own file, not the contract's index: every page loads these (issue 16).
const contract = { login, preferences, profile, forgotPassword, remind, outbox };

/** Session, preferences, password, reminders and the outbox: thin names for contract entries. */
export type SessionInfo = DataOf<typeof contract.login.sessionInfo>;
export type Preferences = DataOf<typeof contract.preferences.themes>;
export type PasswordRule = DataOf<typeof contract.profile.passwordRule>;
export type Reminder = DataOf<typeof contract.remind.page>['rows'][number];
export type OutboxMessage = DataOf<typeof contract.outbox.page>['rows'][number];

export const shellApi = {
  /** `asked`: this call made by index.html's first paint (services/home-first-paint.ts), its answer taken as it is. */
  sessionInfo: (asked?: Promise<Response>) => call(contract.login.sessionInfo, {}, asked ? { asked } : {}),
  setLanguage: (lang: BodyOf<typeof contract.login.setLanguage>['lang']) => call(contract.login.setLanguage, { lang }),
  themes: () => call(contract.preferences.themes, {}),
  saveTheme: (body: BodyOf<typeof contract.preferences.saveTheme>) => call(contract.preferences.saveTheme, body),
  passwordRule: () => call(contract.profile.passwordRule, {}),
  savePasswordRule: (rule: PasswordRule) => call(contract.profile.savePasswordRule, rule),
  forgotPasswordRule: () => call(contract.forgotPassword.passwordRule, {}),
  editPassword: (body: BodyOf<typeof contract.profile.editPassword>) => call(contract.profile.editPassword, body),
  reminders: (start: number, limit: number) => call(contract.remind.page, { start, limit }),
  unreadReminders: () => call(contract.remind.unread, {}),
  cancelReminder: (id: number) => call(contract.remind.cancel, { id }),
  cancelAllReminders: () => call(contract.remind.cancelAll, {}),
  setNoNotify: (noNotify: boolean) => call(contract.remind.setNoNotify, { noNotify }),
  outbox: (start: number, limit: number) => call(contract.outbox.page, { start, limit }),
};
