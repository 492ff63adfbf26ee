import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { Alert, Button, Card, DataList, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { loginApi, type QrDetail } from '../../services/api/login';
import { useI18n } from '../../services/i18n/react';
import { ErrorAlert } from '../../widgets/ErrorAlert';

/**
 * Where a QR login code leads (as a phone would open it): the logged-in user sees which
 * browser asks to log in as them, and confirms or ignores it.
 */
export default function QrConfirmView() {
  const { t, lang } = useI18n();
  const { qrId = '' } = useParams<{ qrId: string }>();
  const [detail, setDetail] = useState<QrDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'confirming' | 'confirmed'>('idle');

  useEffect(() => {
    loginApi
      .qrDetail(qrId)
      .then(setDetail)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [qrId]);

  const confirm = async () => {
    setState('confirming');
    try {
      await loginApi.qrConfirm(qrId);
      setState('confirmed');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState('idle');
    }
  };

  return (
    <Card.Root maxW="lg" data-testid="qr-confirm">
      <Card.Header>
        <Heading size="md">{t('shell.qrConfirm.heading')}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <ErrorAlert message={error} />
          {!detail && !error && <Spinner />}
          {detail && (
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{t('shell.qrConfirm.requestedAt')}</DataList.ItemLabel>
                <DataList.ItemValue>{new Date(detail.createdAt).toLocaleString(lang)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('shell.qrConfirm.address')}</DataList.ItemLabel>
                <DataList.ItemValue>{detail.clientAddress}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('shell.qrConfirm.browser')}</DataList.ItemLabel>
                <DataList.ItemValue>{detail.userAgent}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          )}
          {detail && detail.status !== 'waiting' && state !== 'confirmed' && (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Title>{t(detail.status === 'expired' ? 'shell.qrConfirm.expired' : 'shell.qrConfirm.used')}</Alert.Title>
            </Alert.Root>
          )}
          {state === 'confirmed' ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{t('shell.qrConfirm.done')}</Alert.Title>
            </Alert.Root>
          ) : (
            detail?.status === 'waiting' && (
              <>
                <Text>{t('shell.qrConfirm.question')}</Text>
                <Button alignSelf="flex-start" loading={state === 'confirming'} onClick={() => void confirm()} data-testid="qr-confirm-button">
                  {t('shell.qrConfirm.confirm')}
                </Button>
              </>
            )
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
