import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { checkPassword, commonPasswordCandidates, describeProblems, DEFAULT_PASSWORD_RULE, ruleProblems, type PasswordRule } from '../../src/shared/password-rule';
import { PASSWORD_LENGTH_CEILING, PASSWORD_LENGTH_FLOOR } from '../../src/shared/constants';

/** The character classes are an administrator's option; these tests switch them all on. */
const CLASSES: PasswordRule = { ...DEFAULT_PASSWORD_RULE, requireUpper: true, requireLower: true, requireDigit: true, requireSymbol: true };
const keys = (password: string, rule: PasswordRule = CLASSES, userCode?: string) => checkPassword(password, rule, userCode).map((p) => p.key);

describe('password rule', () => {
  it('asks by default (ASVS 5.0) for 8 to 128 characters and no character classes', () => {
    expect(DEFAULT_PASSWORD_RULE).toMatchObject({ minLength: 8, maxLength: 128, requireUpper: false, requireLower: false, requireDigit: false, requireSymbol: false });
    expect(checkPassword('correct horse battery', DEFAULT_PASSWORD_RULE)).toEqual([]);
    expect(checkPassword('x'.repeat(128), DEFAULT_PASSWORD_RULE)).toEqual([]);
    expect(checkPassword('x'.repeat(129), DEFAULT_PASSWORD_RULE).map((p) => p.key)).toEqual(['tooLong']);
    expect(checkPassword('abcdefg', DEFAULT_PASSWORD_RULE).map((p) => p.key)).toEqual(['tooShort']);
  });

  it('looks up a password lower-cased, and without its trailing digits and symbols, in the common list given', () => {
    expect(commonPasswordCandidates('P@ssw0rd')).toEqual(['p@ssw0rd']);
    expect(commonPasswordCandidates('Password1!')).toEqual(['password1!', 'password']);
    expect(commonPasswordCandidates('Qwerty123!')).toEqual(['qwerty123!', 'qwerty']);
    // Too little is left to call it a common word.
    expect(commonPasswordCandidates('xyz83017426')).toEqual(['xyz83017426']);
    const list = new Set(['password', 'qwerty', 'p@ssw0rd']);
    const isCommon = (c: string) => list.has(c);
    for (const weak of ['P@ssw0rd', 'Password1!', 'Qwerty123!']) expect(checkPassword(weak, DEFAULT_PASSWORD_RULE, undefined, isCommon).map((p) => p.key)).toEqual(['common']);
    expect(checkPassword('Qwerty-Horse-Staple', DEFAULT_PASSWORD_RULE, undefined, isCommon)).toEqual([]);
  });

  it('keeps the common-password list out of every browser bundle: nothing under src imports it', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && fs.readFileSync(file, 'utf8').includes('@zxcvbn-ts/')) offenders.push(file);
      }
    };
    walk(path.resolve(__dirname, '../../src'));
    expect(offenders).toEqual([]);
  });

  it('accepts a password with every class at the minimum length', () => {
    expect(keys('Aa1!aaaa')).toEqual([]);
    expect(keys('Admin@2026')).toEqual([]);
  });

  it('names every missing class and the length it needs', () => {
    expect(checkPassword('abc', CLASSES)).toEqual([
      { key: 'tooShort', params: { min: CLASSES.minLength } },
      { key: 'needUpper', params: {} },
      { key: 'needDigit', params: {} },
      { key: 'needSymbol', params: {} },
    ]);
    expect(keys('ABCDEFGH1!')).toEqual(['needLower']);
  });

  it('refuses a password longer than the maximum, counting characters not UTF-16 units', () => {
    const rule = { ...CLASSES, maxLength: 10 };
    expect(keys('Aa1!' + '😀'.repeat(6), rule)).toEqual([]);
    expect(keys('Aa1!' + '😀'.repeat(7), rule)).toEqual(['tooLong']);
  });

  it('treats non-Latin letters as letters, not symbols', () => {
    expect(keys('Aa1密码密码密码')).toEqual(['needSymbol']);
  });

  it('only asks for the classes the rule requires', () => {
    const lax = { ...CLASSES, requireUpper: false, requireSymbol: false };
    expect(keys('abcdefg1', lax)).toEqual([]);
  });

  it('refuses a password containing the user code, whatever its case, when the rule says so', () => {
    expect(keys('Staff@2026x', { ...CLASSES, forbidUserCode: true }, 'staff')).toEqual(['containsUserCode']);
    expect(keys('Staff@2026x', { ...CLASSES, forbidUserCode: false }, 'staff')).toEqual([]);
  });

  it('describes the problems with the translate function given', () => {
    const t = (key: string, params?: Record<string, unknown>) => (key === 'passwordRule.separator' ? ' | ' : `${key}${params && 'min' in params ? `(${params.min})` : ''}`);
    expect(describeProblems(checkPassword('a', { ...CLASSES, minLength: 9 }), t)).toBe('passwordRule.tooShort(9) | passwordRule.needUpper | passwordRule.needDigit | passwordRule.needSymbol');
  });

  it('keeps an administrator within the length bounds', () => {
    expect(ruleProblems(DEFAULT_PASSWORD_RULE)).toEqual([]);
    expect(ruleProblems({ ...DEFAULT_PASSWORD_RULE, minLength: PASSWORD_LENGTH_FLOOR - 1 })).toHaveLength(1);
    expect(ruleProblems({ ...DEFAULT_PASSWORD_RULE, maxLength: PASSWORD_LENGTH_CEILING + 1 })).toHaveLength(1);
    expect(ruleProblems({ ...DEFAULT_PASSWORD_RULE, minLength: 20, maxLength: 12 })).toEqual([{ key: 'minAboveMax', params: { min: 20, max: 12 } }]);
  });
});
