import { useEffect } from 'react';
import { formatDateTime } from '../../shared/date-format';
import type { LoginUserInfo } from '../../shared/contract/common';
import { useI18n } from '../../services/i18n/react';
import { mountWatermark } from './watermark';

/**
 * The shell's page-wide watermark (issue 15 point 7; widgets §3, §9): the user's name (English
 * name in English when there is one), account and the time, drawn while the shell is shown.
 * The spec fetches the watermark info from a cloud API whose detail it does not show; ours comes
 * from the session's own user, so it needs no call and cannot fail.
 */
export function Watermark({ user }: { user: Pick<LoginUserInfo, 'userCode' | 'userName' | 'userNameEn'> | null }) {
  const { lang } = useI18n();
  const name = (lang === 'en-US' && user?.userNameEn) || user?.userName || '';
  const account = user?.userCode ?? '';
  useEffect(() => {
    if (!account) return undefined;
    return mountWatermark(document, () => ({ name, userAccount: account, time: formatDateTime(new Date()) }));
  }, [name, account]);
  return null;
}
