import { describe, expect, it } from '@jest/globals';
import { clearDraft, loadDraft, saveDraft } from '../../src/services/draft';
import { asUser, clearStorageAfterEach } from './support/logged-in';

const CODE = 'fsmc-user-profile';

describe('form drafts', () => {
  clearStorageAfterEach();

  it('keeps a form under its component code and gives it back to the same user', () => {
    asUser('staff');
    expect(saveDraft(CODE, { email: 'a@b.cn', gender: 'GIRL' }, { now: 1_700_000_000_000, version: 3 })).toBe(true);
    expect(JSON.parse(localStorage.getItem(`draft:${CODE}:staff`)!)).toMatchObject({ userCode: 'staff', savedAt: 1_700_000_000_000, version: 3 });
    expect(loadDraft(CODE)).toEqual({ values: { email: 'a@b.cn', gender: 'GIRL' }, savedAt: 1_700_000_000_000, userCode: 'staff', version: 3 });
  });

  it('never stores a password, whatever the form hands it', () => {
    asUser('staff');
    saveDraft(CODE, { userCode: 'staff', password: 'Staff@2026', newPwd: 'x', confirmPassword: 'y', smsPin: '1234', memo: 'kept' });
    expect(localStorage.getItem(`draft:${CODE}:staff`)).not.toMatch(/Staff@2026|"x"|"y"|1234/);
    expect(loadDraft(CODE)?.values).toEqual({ userCode: 'staff', memo: 'kept' });
  });

  it('does not show one user the draft of another, nor store one when nobody is logged in', () => {
    asUser('staff');
    saveDraft(CODE, { email: 'mine@b.cn' });
    asUser('admin');
    expect(loadDraft(CODE)).toBeUndefined();
    // Even a draft planted under the admin's key with the staff's name is not the admin's.
    localStorage.setItem(`draft:${CODE}:admin`, JSON.stringify({ values: { email: 'mine@b.cn' }, savedAt: 1, userCode: 'staff', version: null }));
    expect(loadDraft(CODE)).toBeUndefined();
    // And the staff's draft is still there for the staff.
    asUser('staff');
    expect(loadDraft(CODE)?.values).toEqual({ email: 'mine@b.cn' });
    sessionStorage.clear();
    expect(saveDraft(CODE, { email: 'nobody@b.cn' })).toBe(false);
  });

  it('reads a corrupt entry as no draft, and forgets the draft when told', () => {
    asUser('staff');
    localStorage.setItem(`draft:${CODE}:staff`, '{not json');
    expect(loadDraft(CODE)).toBeUndefined();
    saveDraft(CODE, { email: 'a@b.cn' });
    clearDraft(CODE);
    expect(localStorage.getItem(`draft:${CODE}:staff`)).toBeNull();
  });
});
