import { Alert } from '@chakra-ui/react';
import { useI18n } from '../../services/i18n/react';

/** Certificate login arrives with the certificate feature; until then the tab says so. */
export function CertLoginEntry() {
  const { t } = useI18n();
  return (
    <Alert.Root status="info" data-testid="cert-login">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('login.cert.title')}</Alert.Title>
        <Alert.Description>{t('login.cert.comingSoon')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
