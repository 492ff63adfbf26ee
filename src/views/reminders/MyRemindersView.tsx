import { Heading, Stack } from '@chakra-ui/react';
import { useI18n } from '../../services/i18n/react';
import RemindersPanel from '../../widgets/drawers/panels/RemindersPanel';

/**
 * "My reminders" as a page of the menu (the workbench's group, portal-shell §1): the same list the
 * header's reminders drawer shows, one place for both, so a reminder cancelled here is gone there.
 */
export default function MyRemindersView() {
  const { t } = useI18n();
  return (
    <Stack gap="4" data-testid="my-reminders" maxW="3xl">
      <Heading size="lg">{t('shell.routes.myReminders')}</Heading>
      <RemindersPanel />
    </Stack>
  );
}
