import { useEffect } from 'react';
import { Heading, Stack } from '@chakra-ui/react';
import { useI18n } from '../../services/i18n/react';
import { useShell } from '../../widgets/shell-context';
import RemindersPanel from '../../widgets/drawers/panels/RemindersPanel';

/**
 * "My reminders" as a page of the menu (the workbench's group, portal-shell §1): the same list the
 * header's reminders drawer shows, one place for both, so a reminder cancelled here is gone there.
 */
export default function MyRemindersView() {
  const { t } = useI18n();
  const { notice } = useShell();
  // The reminders are on screen: the arrival notice has done its job (as when their drawer opens).
  // Each time the page is shown, since a kept-alive page runs its effects again then.
  useEffect(() => notice.send({ type: 'NOTICE.DISMISS' }), [notice]);
  return (
    <Stack gap="4" data-testid="my-reminders" maxW="3xl">
      <Heading size="lg">{t('shell.routes.myReminders')}</Heading>
      <RemindersPanel />
    </Stack>
  );
}
