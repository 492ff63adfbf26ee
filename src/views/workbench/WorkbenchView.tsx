import { Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useI18n } from '../../services/i18n/react';
import { useOpenDrawer, useShell } from '../../widgets/shell-context';
import { useMenu } from '../../widgets/menu/use-menu';

/** Home page: a greeting, the often-used menus and the way to the reminders. Dashboards come later. */
export default function WorkbenchView() {
  const { t, lang } = useI18n();
  const { user } = useShell();
  const openDrawer = useOpenDrawer();
  const { favourites } = useMenu();
  const name = lang === 'en-US' ? user?.userNameEn || user?.userName : user?.userName;
  return (
    <Stack gap="4" data-testid="workbench">
      <Heading size="lg">{t('shell.workbench.welcome', { name: name ?? '' })}</Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Heading size="md">{t('shell.drawers.favourites')}</Heading>
          </Card.Header>
          <Card.Body>
            {favourites.length === 0 ? (
              <Text color="fg.muted">{t('shell.favourites.hint')}</Text>
            ) : (
              <Stack as="ul" listStyleType="none" gap="1" data-testid="workbench-favourites">
                {favourites.map((f) => (
                  <li key={f!.id}>
                    <Link href={f!.funcUrl}>{f!.functionName}</Link>
                  </li>
                ))}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Heading size="md">{t('shell.drawers.reminders')}</Heading>
          </Card.Header>
          <Card.Body>
            <Button size="sm" variant="outline" onClick={() => openDrawer('reminders')}>
              {t('shell.workbench.openReminders')}
            </Button>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}
