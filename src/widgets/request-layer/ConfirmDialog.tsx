import { Button, Text } from '@chakra-ui/react';
import { AlertDialog } from './AlertDialog';
import { useI18n } from '../../services/i18n/react';
import type { connectHttpError } from '../../machines/http-error.connect';

/**
 * The page's one confirmation dialog (shell §7, §8), showing the head of the confirmation
 * queue: a 412 (confirming sends the request again) or a question asked before acting.
 */
export function ConfirmDialog({ api }: { api: ReturnType<typeof connectHttpError> }) {
  const { t } = useI18n();
  const question = api.kind === 'question';
  return (
    <AlertDialog
      open={api.open}
      testId={question ? 'question-dialog' : 'confirm-dialog'}
      title={api.title ?? t('request.confirm.title')}
      onDismiss={api.cancel}
      footer={
        <>
          <Button variant="outline" onClick={api.cancel} disabled={api.busy} autoFocus={api.danger}>
            {api.cancelLabel ?? t('request.confirm.cancel')}
          </Button>
          <Button colorPalette={api.danger ? 'red' : undefined} onClick={api.confirm} loading={api.busy} loadingText={t('request.confirm.sending')} autoFocus={!api.danger}>
            {api.okLabel ?? t('request.confirm.ok')}
          </Button>
        </>
      }
    >
      <Text>{api.message}</Text>
    </AlertDialog>
  );
}
