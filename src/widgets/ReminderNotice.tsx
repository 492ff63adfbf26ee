import { useEffect, useState } from 'react';
import { Alert, Box, Button, CloseButton, HStack } from '@chakra-ui/react';
import { shellApi } from '../services/api/shell';
import { local } from '../services/storage';
import { useI18n } from '../services/i18n/react';

/**
 * On arrival in the shell, unless the user chose not to be notified (`isNoNotify`), a notice of
 * the unread reminders, with the way to them and to stop these notices.
 */
export function ReminderNotice({ onOpen, seen }: { onOpen: () => void; seen: boolean }) {
  const { t } = useI18n();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (local.get('isNoNotify')) return;
    let live = true;
    shellApi
      .unreadReminders()
      .then((page) => live && !local.get('isNoNotify') && setUnread(page.total))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  // Once the reminders are on screen, the notice has done its job.
  useEffect(() => {
    if (seen) setUnread(0);
  }, [seen]);
  if (unread === 0) return null;

  const stop = () => {
    local.set('isNoNotify', true);
    setUnread(0);
    void shellApi.setNoNotify(true).catch(() => local.set('isNoNotify', false));
  };
  return (
    <Box position="fixed" bottom="4" right="4" zIndex="toast" maxW="sm" data-testid="reminder-notice">
      <Alert.Root status="info" role="status" boxShadow="lg" alignItems="flex-start">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('shell.reminders.notice', { count: unread })}</Alert.Title>
          <HStack mt="2">
            <Button size="xs" onClick={() => (setUnread(0), onOpen())}>{t('shell.reminders.view')}</Button>
            <Button size="xs" variant="ghost" onClick={stop}>{t('shell.reminders.stopNotice')}</Button>
          </HStack>
        </Alert.Content>
        <CloseButton size="xs" aria-label={t('global.close')} onClick={() => setUnread(0)} />
      </Alert.Root>
    </Box>
  );
}
