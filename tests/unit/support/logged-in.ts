import { afterEach } from '@jest/globals';
import { session } from '../../../src/services/storage';

/** Logs a user in as the browser's session storage holds it: what per-user widget state keys on. */
export const asUser = (userCode: string) => session.set('loginUserInfo', { id: 1, userCode, userName: userCode, userNameEn: null, userType: 2, staffType: 2, orgId: null });

/** Each test starts with empty storage, nobody logged in. */
export function clearStorageAfterEach(): void {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
