import { Button, EmptyState, Flex, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { historyItems } from '../../../shared/menu-tree';
import { MENU_SEARCH_HISTORY_MAX } from '../../../shared/constants';
import { useI18n } from '../../../services/i18n/react';
import { useShell } from '../../shell-context';

/** The menus recently opened from the search, newest first, kept on this computer. */
export default function SearchHistoryPanel() {
  const { t } = useI18n();
  const { menu } = useShell();
  const leaves = useSelector(menu, (s) => s.context.index?.leaves ?? []);
  const history = useSelector(menu, (s) => s.context.history);
  const items = historyItems(history, leaves);
  return (
    <Stack gap="3" data-testid="search-history">
      <Flex justify="space-between" align="center">
        <Text fontSize="sm" color="fg.muted">{t('shell.history.explain', { max: MENU_SEARCH_HISTORY_MAX })}</Text>
        <Button size="sm" variant="outline" disabled={items.length === 0} onClick={() => menu.send({ type: 'HISTORY.CLEAR' })}>
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
              <Button variant="plain" size="sm" px="0" onClick={() => menu.send({ type: 'SEARCH.PICK', id: item.id })}>
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
