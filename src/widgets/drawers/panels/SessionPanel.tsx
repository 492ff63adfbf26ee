import { DataList } from '@chakra-ui/react';
import { useI18n } from '../../../services/i18n/react';
import { useShell } from '../../shell-context';
import { USER_TYPE_ADMIN } from '../../../shared/constants';

/** What the server knows of this session: who, which organisation, language, preferences. */
export default function SessionPanel() {
  const { t } = useI18n();
  const { session } = useShell();
  const user = session?.loginUserInfo;
  const rows: Array<[string, string]> = user
    ? [
        ['userCode', user.userCode],
        ['userName', user.userName],
        ['userNameEn', user.userNameEn ?? ''],
        ['userType', t(user.userType === USER_TYPE_ADMIN ? 'shell.session.admin' : 'shell.session.staff')],
        ['org', [user.orgCode, user.orgName].filter(Boolean).join(' ')],
        ['lang', t(`global.languages.${session.lang}`)],
        ['theme', `${session.themeName} / ${t(`shell.settings.nav.${session.navColor}`)}`],
        ['systemTitle', session.systemTitle],
      ]
    : [];
  return (
    <DataList.Root orientation="horizontal" data-testid="session-info">
      {rows.map(([key, value]) => (
        <DataList.Item key={key}>
          <DataList.ItemLabel>{t(`shell.session.${key}`)}</DataList.ItemLabel>
          <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
