import { describe, expect, it } from '@jest/globals';
import { checkPassword, describeProblems, DEFAULT_PASSWORD_RULE, ruleProblems, type PasswordRule } from '../../src/shared/password-rule';
import { PASSWORD_LENGTH_CEILING, PASSWORD_LENGTH_FLOOR } from '../../src/shared/constants';

const keys = (password: string, rule: PasswordRule = DEFAULT_PASSWORD_RULE, userCode?: string) => checkPassword(password, rule, userCode).map((p) => p.key);

describe('password rule', () => {
  it('accepts a password with every class at the minimum length', () => {
    expect(keys('Aa1!aaaa')).toEqual([]);
    expect(keys('Admin@2026')).toEqual([]);
  });

  it('names every missing class and the length it needs', () => {
    expect(checkPassword('abc', DEFAULT_PASSWORD_RULE)).toEqual([
      { key: 'tooShort', params: { min: DEFAULT_PASSWORD_RULE.minLength } },
      { key: 'needUpper', params: {} },
      { key: 'needDigit', params: {} },
      { key: 'needSymbol', params: {} },
    ]);
    expect(keys('ABCDEFGH1!')).toEqual(['needLower']);
  });

  it('refuses a password longer than the maximum, counting characters not UTF-16 units', () => {
    const rule = { ...DEFAULT_PASSWORD_RULE, maxLength: 10 };
    expect(keys('Aa1!' + '😀'.repeat(6), rule)).toEqual([]);
    expect(keys('Aa1!' + '😀'.repeat(7), rule)).toEqual(['tooLong']);
  });

  it('treats non-Latin letters as letters, not symbols', () => {
    expect(keys('Aa1密码密码密码')).toEqual(['needSymbol']);
  });

  it('only asks for the classes the rule requires', () => {
    const lax = { ...DEFAULT_PASSWORD_RULE, requireUpper: false, requireSymbol: false };
    expect(keys('abcdefg1', lax)).toEqual([]);
  });

  it('refuses a password containing the user code, whatever its case, when the rule says so', () => {
    expect(keys('Staff@2026x', { ...DEFAULT_PASSWORD_RULE, forbidUserCode: true }, 'staff')).toEqual(['containsUserCode']);
    expect(keys('Staff@2026x', { ...DEFAULT_PASSWORD_RULE, forbidUserCode: false }, 'staff')).toEqual([]);
  });

  it('describes the problems with the translate function given', () => {
    const t = (key: string, params?: Record<string, unknown>) => (key === 'passwordRule.separator' ? ' | ' : `${key}${params && 'min' in params ? `(${params.min})` : ''}`);
    expect(describeProblems(checkPassword('a', { ...DEFAULT_PASSWORD_RULE, minLength: 9 }), t)).toBe('passwordRule.tooShort(9) | passwordRule.needUpper | passwordRule.needDigit | passwordRule.needSymbol');
  });

  it('keeps an administrator within the length bounds', () => {
    expect(ruleProblems(DEFAULT_PASSWORD_RULE)).toEqual([]);
    expect(ruleProblems({ ...DEFAULT_PASSWORD_RULE, minLength: PASSWORD_LENGTH_FLOOR - 1 })).toHaveLength(1);
    expect(ruleProblems({ ...DEFAULT_PASSWORD_RULE, maxLength: PASSWORD_LENGTH_CEILING + 1 })).toHaveLength(1);
    expect(ruleProblems({ ...DEFAULT_PASSWORD_RULE, minLength: 20, maxLength: 12 })).toEqual(['minLength <= maxLength']);
  });
});
