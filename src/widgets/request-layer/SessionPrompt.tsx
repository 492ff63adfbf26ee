import { Button, Text } from '@chakra-ui/react';
import { AlertDialog } from './AlertDialog';
import { useI18n } from '../../services/i18n/react';
import type { connectSession } from '../../machines/session.connect';

/** Shell §8, 401: one prompt, whatever number of requests failed; confirming goes to login. */
export function SessionPrompt({ api }: { api: ReturnType<typeof connectSession> }) {
  const { t } = useI18n();
  return (
    <AlertDialog
      open={api.promptOpen}
      testId="session-prompt"
      title={t('request.session.title')}
      footer={
        <Button autoFocus onClick={api.confirm}>
          {t('request.session.relogin')}
        </Button>
      }
    >
      <Text>{t(api.messageKey)}</Text>
      {api.draftKept && (
        <Text mt="2" color="fg.muted" fontSize="sm">
          {t('request.session.draftKept')}
        </Text>
      )}
    </AlertDialog>
  );
}
