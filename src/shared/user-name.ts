import type { LoginUserInfo } from './contract/common';

/** The user's name as a reader of `lang` sees it: the English name in English when there is one. */
export function userNameIn(user: Pick<LoginUserInfo, 'userName' | 'userNameEn'> | null | undefined, lang: string): string | undefined {
  return lang === 'en-US' ? user?.userNameEn || user?.userName : user?.userName;
}
