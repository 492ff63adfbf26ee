import { Button, EmptyState, Flex, Stack, Text } from '@chakra-ui/react';
import { MENU_SEARCH_HISTORY_MAX } from '../../../shared/constants';
import { useI18n } from '../../../services/i18n/react';
import { useMenu } from '../../menu/use-menu';

/** The menus recently opened from the search, newest first, kept on this computer. */
export default function SearchHistoryPanel() {
  const { t } = useI18n();
  const { history: items, clearHistory, pick } = useMenu();
  return (
    <Stack gap="3" data-testid="search-history">
      <Flex justify="space-between" align="center">
        <Text fontSize="sm" color="fg.muted">{t('shell.history.explain', { max: MENU_SEARCH_HISTORY_MAX })}</Text>
        <Button size="sm" variant="outline" disabled={items.length === 0} onClick={clearHistory}>
          {t('shell.history.clear')}
        </Button>
      </Flex>
      {items.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{t('shell.search.noHistory')}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ol" gap="1" ps="5">
          {items.map((item) => (
            <li key={item.id}>
              <Button variant="plain" size="sm" px="0" onClick={() => pick(item.id)}>
                {item.functionName}
              </Button>
              <Text as="span" fontSize="xs" color="fg.muted" ms="2">{item.firstLevelName}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
