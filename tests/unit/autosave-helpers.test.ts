import { describe, expect, it } from '@jest/globals';
import { autosaveActive, changedFields, isStaleDraft, stripSensitive } from '../../src/machines/autosave.machine';
import { joinFailures } from '../../src/machines/save-submit.machine';

describe('autosave helpers (widgets §4 "Autosave draft")', () => {
  it('autosaves in add mode unless disabled, in edit mode only when enabled, never in view or approval', () => {
    expect(autosaveActive({ mode: 'add' })).toBe(true);
    expect(autosaveActive({ mode: 'add', disabled: true })).toBe(false);
    expect(autosaveActive({ mode: 'edit' })).toBe(false);
    expect(autosaveActive({ mode: 'edit', enabled: true })).toBe(true);
    expect(autosaveActive({ mode: 'view', enabled: true })).toBe(false);
    expect(autosaveActive({ mode: 'approval', enabled: true })).toBe(false);
  });

  it('leaves the sensitive fields out of a draft and keeps the rest as typed', () => {
    const values = { name: '欧元', password: 'p@ss', bankAccount: '6222', rate: 7.8, empty: '' };
    expect(stripSensitive(values, ['password', 'bankAccount'])).toEqual({ name: '欧元', rate: 7.8, empty: '' });
    expect(stripSensitive(values, [])).toEqual(values);
    // The caller's values are not changed.
    expect(values).toHaveProperty('password', 'p@ss');
  });

  it('calls a draft stale only when it was written against an older version than the server holds', () => {
    expect(isStaleDraft({ values: {}, version: 3 }, 4)).toBe(true);
    expect(isStaleDraft({ values: {}, version: 4 }, 4)).toBe(false);
    expect(isStaleDraft({ values: {}, version: 5 }, 4)).toBe(false);
    // A new record has no version to conflict with.
    expect(isStaleDraft({ values: {}, version: null }, 4)).toBe(false);
    expect(isStaleDraft({ values: {}, version: 3 }, null)).toBe(false);
  });

  it('lists the fields whose draft value differs from the server', () => {
    expect(changedFields({ name: '港币', rate: '0.91', code: 'HKD' }, { name: '美元', rate: '0.91', code: 'HKD' })).toEqual(['name']);
    expect(changedFields({ tags: ['a'] }, { tags: ['a'] })).toEqual([]);
  });
});

describe('save-or-submit failures (widgets §8)', () => {
  it('joins the embedded pages\' failure messages by commas', () => {
    expect(joinFailures(['附件页未填写', '合同页缺少金额'])).toBe('附件页未填写,合同页缺少金额');
    expect(joinFailures(['only one'])).toBe('only one');
  });
});
