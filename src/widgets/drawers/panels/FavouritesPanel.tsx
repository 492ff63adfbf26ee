import { Button, EmptyState, Flex, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useI18n } from '../../../services/i18n/react';
import { ask } from '../../../services/http/questions';
import { useMenu } from '../../menu/use-menu';
import { FavouriteButton } from '../../menu/FavouriteButton';

/** The often-used menus the user starred, in the order starred; unstar one or clear them all. */
export default function FavouritesPanel() {
  const { t } = useI18n();
  const { favourites: items, saving, serverMessage: message, clearFavourites } = useMenu();
  // Clearing cannot be undone: ask first (the page's confirmation queue); "keep them" does nothing.
  const clear = async () => {
    const yes = await ask({ title: t('shell.favourites.clearAsk.title'), message: t('shell.favourites.clearAsk.message'), ok: t('shell.favourites.clearAsk.ok'), cancel: t('shell.favourites.clearAsk.cancel'), danger: true });
    if (yes) clearFavourites();
  };
  return (
    <Stack gap="3" data-testid="favourites">
      {message && <Text color="fg.error" role="alert">{message}</Text>}
      <Flex justify="flex-end">
        <Button size="sm" variant="outline" disabled={saving || items.length === 0} onClick={() => void clear()}>
          {t('shell.favourites.clear')}
        </Button>
      </Flex>
      {items.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{t('shell.favourites.empty')}</EmptyState.Title>
            <EmptyState.Description>{t('shell.favourites.hint')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {items.map((item) => (
            <Flex as="li" key={item.id} align="center" gap="2" borderBottomWidth="1px" py="1" data-testid="favourite">
              <Link href={item.funcUrl} style={{ flex: 1 }}>{item.functionName}</Link>
              <Text fontSize="xs" color="fg.muted">{item.firstLevelName}</Text>
              <FavouriteButton id={item.id} name={item.functionName} />
            </Flex>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
