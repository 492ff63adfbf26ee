import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useParams } from 'wouter';
import { Alert, Button, Card, DataList, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { qrConfirmMachine, type QrConfirmDetail } from '../../machines/qr-confirm.machine';
import { connectQrConfirm } from '../../machines/qr-confirm.connect';
import { loginApi } from '../../services/api/login';
import { useI18n } from '../../services/i18n/react';
import { formatDateTime } from '../../shared/date-format';
import { inspect } from '../../services/inspector';
import { ErrorAlert } from '../../widgets/ErrorAlert';

const qrConfirmLogic = qrConfirmMachine.provide({
  actors: {
    loadDetail: fromPromise<QrConfirmDetail, { qrId: string }>(({ input }) => loginApi.qrDetail(input.qrId)),
    confirmCode: fromPromise<void, { qrId: string }>(async ({ input }) => {
      await loginApi.qrConfirm(input.qrId);
    }),
  },
});

/**
 * Where a QR login code leads (as a phone opens it): the logged-in user sees which browser
 * asks to log in as them (time, address, browser: what they must check), and confirms it.
 * Laid out for a phone's width first: the details stack, long values wrap.
 */
export default function QrConfirmView() {
  const { t } = useI18n();
  const { qrId = '' } = useParams<{ qrId: string }>();
  const [snapshot, send] = useMachine(qrConfirmLogic, { input: { qrId }, inspect });
  const api = connectQrConfirm(snapshot, send);
  const detail = api.detail;

  const value = (text: string, testId: string) => (
    <DataList.ItemValue wordBreak="break-word" minW="0" data-testid={testId}>
      {text}
    </DataList.ItemValue>
  );

  return (
    <Card.Root w="full" maxW="lg" data-testid="qr-confirm" {...api.getRootProps()}>
      <Card.Header>
        <Heading size="md">{t('shell.qrConfirm.heading')}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <ErrorAlert message={api.serverMessage} />
          {api.state === 'loading' && <Spinner />}
          {api.state === 'failed' && (
            <Button alignSelf="flex-start" variant="outline" {...api.getRetryProps()}>
              {t('global.retry')}
            </Button>
          )}
          {detail && (
            <DataList.Root orientation="vertical" gap="3" {...api.getDetailProps()}>
              <DataList.Item>
                <DataList.ItemLabel>{t('shell.qrConfirm.requestedAt')}</DataList.ItemLabel>
                {value(formatDateTime(detail.createdAt), 'qr-confirm-time')}
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('shell.qrConfirm.address')}</DataList.ItemLabel>
                {value(detail.clientAddress ?? '—', 'qr-confirm-address')}
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('shell.qrConfirm.browser')}</DataList.ItemLabel>
                {value(detail.userAgent ?? '—', 'qr-confirm-browser')}
              </DataList.Item>
            </DataList.Root>
          )}
          {api.noticeKey && (
            <Alert.Root status={api.state === 'confirmed' ? 'success' : 'warning'} role={api.state === 'confirmed' ? 'status' : 'alert'}>
              <Alert.Indicator />
              <Alert.Title>{t(api.noticeKey)}</Alert.Title>
            </Alert.Root>
          )}
          {api.canConfirm && (
            <>
              <Text>{t('shell.qrConfirm.question')}</Text>
              <Button alignSelf="flex-start" data-testid="qr-confirm-button" {...api.getConfirmProps()}>
                {t('shell.qrConfirm.confirm')}
              </Button>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
