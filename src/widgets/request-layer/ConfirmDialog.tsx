import { useRef } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { AlertDialog } from './AlertDialog';
import { useI18n } from '../../services/i18n/react';
import { busyButton } from '../../machines/form.connect';
import { BusyButton } from '../BusyButton';
import type { connectHttpError } from '../../machines/http-error.connect';

/**
 * The page's one confirmation dialog (shell §7, §8), showing the head of the confirmation
 * queue: a 412 (confirming sends the request again) or a question asked before acting.
 * The keyboard starts on the safe choice of a dangerous question (cancel) and on the confirm
 * otherwise, told to the dialog rather than taken by an autoFocus (that would take it before the
 * dialog's trap noted where it came from, and the trap would give it back to a button gone with
 * the dialog). While the confirmed request is sent both buttons are busy, not disabled, so the
 * focus stays on the one pressed (form.connect's busyButton).
 */
export function ConfirmDialog({ api }: { api: ReturnType<typeof connectHttpError> }) {
  const { t } = useI18n();
  const question = api.kind === 'question';
  const cancel = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      open={api.open}
      testId={question ? 'question-dialog' : 'confirm-dialog'}
      title={api.title ?? t('request.confirm.title')}
      onDismiss={api.cancel}
      initialFocusEl={() => (api.danger ? cancel.current : confirm.current)}
      footer={
        <>
          <Button ref={cancel} variant="outline" {...busyButton(api.busy, api.cancel)} data-part="cancel">
            {api.cancelLabel ?? t('request.confirm.cancel')}
          </Button>
          <BusyButton ref={confirm} colorPalette={api.danger ? 'red' : undefined} busy={api.busy} onClick={api.confirm} loadingText={t('request.confirm.sending')} data-part="confirm">
            {api.okLabel ?? t('request.confirm.ok')}
          </BusyButton>
        </>
      }
    >
      <Text>{api.message}</Text>
    </AlertDialog>
  );
}
