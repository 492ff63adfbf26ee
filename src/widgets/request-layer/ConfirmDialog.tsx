import { Button, Text } from '@chakra-ui/react';
import { AlertDialog } from './AlertDialog';
import { useI18n } from '../../services/i18n/react';
import type { connectHttpError } from '../../machines/http-error.connect';

/** Shell §8, 412: the confirmation dialog; confirming sends the request again. */
export function ConfirmDialog({ api }: { api: ReturnType<typeof connectHttpError> }) {
  const { t } = useI18n();
  return (
    <AlertDialog
      open={api.open}
      testId="confirm-dialog"
      title={t('request.confirm.title')}
      onDismiss={api.cancel}
      footer={
        <>
          <Button variant="outline" onClick={api.cancel} disabled={api.busy}>
            {t('request.confirm.cancel')}
          </Button>
          <Button onClick={api.confirm} loading={api.busy} loadingText={t('request.confirm.sending')} autoFocus>
            {t('request.confirm.ok')}
          </Button>
        </>
      }
    >
      <Text>{api.message}</Text>
    </AlertDialog>
  );
}
