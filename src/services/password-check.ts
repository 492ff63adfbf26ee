import { checkPassword, DEFAULT_PASSWORD_RULE, type PasswordRule } from '../shared/password-rule';
import type { Problem } from '../machines/forgot-password.machine';

/**
 * The password rule's problems as locale keys of the browser (global.passwordRule.*): the
 * same checker the server runs, so the user reads the same reasons before sending.
 */
export function ruleProblems(password: string, rule: PasswordRule | null, userCode?: string): Problem[] {
  return checkPassword(password, rule ?? DEFAULT_PASSWORD_RULE, userCode).map((p) => ({ key: `global.passwordRule.${p.key}`, params: p.params }));
}
