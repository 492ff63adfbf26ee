/**
 * The password rule (shell §1 "password rules") and its checker, shared by the server, which
 * enforces it, and the browser, which shows the same problems before sending. Pure: no I/O.
 */
import { COMMON_PASSWORD_MIN_BASE, PASSWORD_LENGTH_CEILING, PASSWORD_LENGTH_FLOOR, PASSWORD_RULE_DEFAULT } from './constants';

export interface PasswordRule {
  minLength: number;
  maxLength: number;
  requireUpper: boolean;
  requireLower: boolean;
  requireDigit: boolean;
  requireSymbol: boolean;
  /** The password may not contain the user's own code (case-insensitive). */
  forbidUserCode: boolean;
}

export type PasswordProblemKey = 'tooShort' | 'tooLong' | 'needUpper' | 'needLower' | 'needDigit' | 'needSymbol' | 'containsUserCode' | 'common';

/** One way a password breaks the rule; its message is `passwordRule.<key>` with params. */
export interface PasswordProblem {
  key: PasswordProblemKey;
  params: Record<string, number>;
}

export const DEFAULT_PASSWORD_RULE: PasswordRule = { ...PASSWORD_RULE_DEFAULT };

// Unicode classes, so a Chinese or accented letter counts as a letter, not as a symbol.
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;
const SYMBOL = /[^\p{L}\p{Nd}\s]/u;

/** Length in characters as people count them (code points), not UTF-16 units. */
const length = (s: string) => [...s].length;

/**
 * The forms of a password looked up in the common-password list: lower-cased (the list is), and
 * lower-cased without a trailing run of digits followed by symbols, when what is left has at
 * least COMMON_PASSWORD_MIN_BASE characters. Composition rules push people to capitalise a
 * common word and append digits and a symbol: "Password1!" and "Qwerty123!" are "password" and
 * "qwerty" to a guesser, whose tools apply exactly this mutation first. The cut is that one
 * pattern, not every trailing character, so a symbol inside ("Staff@2026") is kept; the length
 * floor keeps a random-looking "xy83017426" from being refused for its "xy".
 */
export function commonPasswordCandidates(password: string): string[] {
  const lower = password.normalize('NFKC').toLowerCase();
  const base = lower.replace(/\p{Nd}*[\p{P}\p{S}]*$/u, '');
  return base !== lower && [...base].length >= COMMON_PASSWORD_MIN_BASE ? [lower, base] : [lower];
}

/**
 * The rule's problems with a password. `isCommon` looks a candidate up in the common-password
 * list: the server passes it (the list is large and stays there); the browser, which has no
 * list, learns of a common password from the server's answer.
 */
export function checkPassword(password: string, rule: PasswordRule, userCode?: string, isCommon?: (candidate: string) => boolean): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const n = length(password);
  if (n < rule.minLength) problems.push({ key: 'tooShort', params: { min: rule.minLength } });
  if (n > rule.maxLength) problems.push({ key: 'tooLong', params: { max: rule.maxLength } });
  if (rule.requireUpper && !UPPER.test(password)) problems.push({ key: 'needUpper', params: {} });
  if (rule.requireLower && !LOWER.test(password)) problems.push({ key: 'needLower', params: {} });
  if (rule.requireDigit && !DIGIT.test(password)) problems.push({ key: 'needDigit', params: {} });
  if (rule.requireSymbol && !SYMBOL.test(password)) problems.push({ key: 'needSymbol', params: {} });
  if (rule.forbidUserCode && userCode && userCode.trim() && password.toLowerCase().includes(userCode.trim().toLowerCase())) {
    problems.push({ key: 'containsUserCode', params: {} });
  }
  if (isCommon && commonPasswordCandidates(password).some(isCommon)) problems.push({ key: 'common', params: {} });
  return problems;
}

/** What can be wrong with a rule itself, under the same message keys as a password's problems. */
export interface RuleProblem {
  key: 'minBelowFloor' | 'maxAboveCeiling' | 'minAboveMax';
  params: Record<string, number>;
}

/** What is wrong with a rule an administrator wants to save; empty when it can be saved. */
export function ruleProblems(rule: PasswordRule): RuleProblem[] {
  const out: RuleProblem[] = [];
  if (rule.minLength < PASSWORD_LENGTH_FLOOR) out.push({ key: 'minBelowFloor', params: { min: rule.minLength, floor: PASSWORD_LENGTH_FLOOR } });
  if (rule.maxLength > PASSWORD_LENGTH_CEILING) out.push({ key: 'maxAboveCeiling', params: { max: rule.maxLength, ceiling: PASSWORD_LENGTH_CEILING } });
  if (rule.minLength > rule.maxLength) out.push({ key: 'minAboveMax', params: { min: rule.minLength, max: rule.maxLength } });
  return out;
}

/** Localises the problems with any translate function (rosetta's t on either side). */
export function describeProblems(problems: ReadonlyArray<PasswordProblem | RuleProblem>, t: (key: string, params?: Record<string, unknown>) => string): string {
  return problems.map((p) => t(`passwordRule.${p.key}`, p.params)).join(t('passwordRule.separator'));
}
