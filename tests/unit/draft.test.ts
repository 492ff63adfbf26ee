import { afterEach, describe, expect, it } from '@jest/globals';
import { clearDraft, loadDraft, saveDraft } from '../../src/services/draft';
import { session } from '../../src/services/storage';

const CODE = 'fsmc-user-profile';
const asUser = (userCode: string) => session.set('loginUserInfo', { id: 1, userCode, userName: userCode, userNameEn: null, userType: 2, staffType: 2, orgId: null });

describe('form drafts', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps a form under its component code and gives it back to the same user', () => {
    asUser('staff');
    expect(saveDraft(CODE, { email: 'a@b.cn', gender: 'GIRL' }, 1_700_000_000_000)).toBe(true);
    expect(JSON.parse(localStorage.getItem(CODE)!)).toMatchObject({ userCode: 'staff', savedAt: 1_700_000_000_000 });
    expect(loadDraft(CODE)).toEqual({ values: { email: 'a@b.cn', gender: 'GIRL' }, savedAt: 1_700_000_000_000, userCode: 'staff' });
  });

  it('never stores a password, whatever the form hands it', () => {
    asUser('staff');
    saveDraft(CODE, { userCode: 'staff', password: 'Staff@2026', newPwd: 'x', confirmPassword: 'y', smsPin: '1234', memo: 'kept' });
    expect(localStorage.getItem(CODE)).not.toMatch(/Staff@2026|"x"|"y"|1234/);
    expect(loadDraft(CODE)?.values).toEqual({ userCode: 'staff', memo: 'kept' });
  });

  it('does not show one user the draft of another, nor store one when nobody is logged in', () => {
    asUser('staff');
    saveDraft(CODE, { email: 'mine@b.cn' });
    asUser('admin');
    expect(loadDraft(CODE)).toBeUndefined();
    sessionStorage.clear();
    expect(saveDraft(CODE, { email: 'nobody@b.cn' })).toBe(false);
  });

  it('reads a corrupt entry as no draft, and forgets the draft when told', () => {
    asUser('staff');
    localStorage.setItem(CODE, '{not json');
    expect(loadDraft(CODE)).toBeUndefined();
    saveDraft(CODE, { email: 'a@b.cn' });
    clearDraft(CODE);
    expect(localStorage.getItem(CODE)).toBeNull();
  });
});
