import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Box, Button, Center, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { qrLoginMachine, type QrCode, type QrStatusAnswer } from '../../machines/qr-login.machine';
import { connectQrLogin } from '../../machines/qr-login.connect';
import { loginApi } from '../../services/api/login';
import { useI18n } from '../../services/i18n/react';
import { enterApp, keepGrant } from './after-login';
import { inspect } from '../../services/inspector';
import { ErrorAlert } from '../../widgets/ErrorAlert';

const generateCode = fromPromise<QrCode>(() => loginApi.qrGenerate());
const checkStatus = fromPromise<QrStatusAnswer, { qrId: string }>(async ({ input }) => {
  const answer = await loginApi.qrStatus(input.qrId);
  if (answer.status !== 'confirmed') return answer;
  // The confirmed answer is the only one that carries the session: keep it now or never.
  if (!answer.JwtToken || !answer.loginUserInfo) return { status: 'consumed' };
  await keepGrant({ JwtToken: answer.JwtToken, lang: answer.lang, loginUserInfo: answer.loginUserInfo });
  return answer;
});

/** The one-time code as a QR image, polled until a logged-in user confirms it on their device. */
export function QrLogin() {
  const { t } = useI18n();
  const [snapshot, send] = useMachine(qrLoginMachine.provide({ actors: { generateCode, checkStatus } }), { inspect });
  const api = connectQrLogin(snapshot, send);

  useEffect(() => {
    if (api.loggedIn) enterApp();
  }, [api.loggedIn]);

  return (
    <Stack gap="4" align="center" data-testid="qr-login">
      <Center w="220px" h="220px" borderWidth="1px" rounded="md" position="relative">
        {api.image ? <Image src={api.image} alt={t('login.qr.imageAlt')} w="200px" h="200px" /> : api.busy ? <Spinner /> : <Text color="fg.muted">{t('login.qr.noCode')}</Text>}
      </Center>
      <Text role="status" data-testid="qr-status">
        {t(api.statusKey)}
      </Text>
      {api.confirmUrl && (
        <Box fontSize="xs" color="fg.muted" data-testid="qr-confirm-url" data-url={api.confirmUrl}>
          {t('login.qr.hint')}
        </Box>
      )}
      <ErrorAlert message={api.serverMessage} />
      {(api.expired || api.failed) && (
        <Button {...api.refreshProps} variant="outline">
          {t('login.qr.refresh')}
        </Button>
      )}
    </Stack>
  );
}
