import { useSelector } from '@xstate/react';
import { Alert, Box, Button, CloseButton, HStack } from '@chakra-ui/react';
import { connectReminderNotice } from '../machines/reminder-notice.connect';
import { useI18n } from '../services/i18n/react';
import { useShell } from './shell-context';

/**
 * The unread-reminders notice on arrival in the shell, bound to the shell's reminder-notice
 * machine (src/machines/reminder-notice.machine.ts): the way to the reminders, and to stop
 * these notices.
 */
export function ReminderNotice() {
  const { t } = useI18n();
  const { notice } = useShell();
  const snapshot = useSelector(notice, (s) => s);
  const api = connectReminderNotice(snapshot, notice.send);
  if (!api.open) return null;
  // Above the page, below what the user opens (menus, popovers, dialogs, drawers): an arrival
  // notice must never cover the menu item the user is reaching for.
  return (
    <Box position="fixed" bottom="4" right="4" zIndex="banner" maxW="sm" {...api.getNoticeProps()}>
      <Alert.Root status="info" role="status" boxShadow="lg" alignItems="flex-start">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('shell.reminders.notice', { count: api.unread })}</Alert.Title>
          <HStack mt="2">
            <Button size="xs" {...api.getViewProps()}>{t('shell.reminders.view')}</Button>
            <Button size="xs" variant="ghost" {...api.getStopProps()}>{t('shell.reminders.stopNotice')}</Button>
          </HStack>
        </Alert.Content>
        <CloseButton size="xs" aria-label={t('global.close')} {...api.getCloseProps()} />
      </Alert.Root>
    </Box>
  );
}
