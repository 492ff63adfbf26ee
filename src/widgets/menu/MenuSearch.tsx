import { useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Box, Flex, Input, Text } from '@chakra-ui/react';
import { historyItems, searchMenu, type SearchItem } from '../../shared/menu-tree';
import { useI18n } from '../../services/i18n/react';
import { useShell } from '../shell-context';
import { FavouriteButton } from './FavouriteButton';

const ROW_HEIGHT = 40;
const LIST_MAX_HEIGHT = 360;

/**
 * Menu search by keyboard: type to filter the leaves (each shown with its first-level area),
 * ↑/↓ to move, Enter to open, Escape to clear. With nothing typed it offers the search
 * history. Results are virtualised so 5,000 leaves scroll smoothly.
 */
export function MenuSearch() {
  const { t } = useI18n();
  const { menu } = useShell();
  const query = useSelector(menu, (s) => s.context.query);
  const leaves = useSelector(menu, (s) => s.context.index?.leaves);
  const history = useSelector(menu, (s) => s.context.history);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const showingHistory = query.trim() === '';
  const items: SearchItem[] = useMemo(() => (showingHistory ? historyItems(history, leaves ?? []) : searchMenu(leaves ?? [], query)), [showingHistory, history, leaves, query]);
  useEffect(() => setActive(0), [query]);

  // '/' (outside a text field) or Ctrl/⌘+K jumps to the search from anywhere in the shell.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if ((e.key === 'k' && (e.ctrlKey || e.metaKey)) || (e.key === '/' && !typing)) {
        e.preventDefault();
        inputRef.current?.focus();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const virtual = useVirtualizer({ count: items.length, getScrollElement: () => listRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  useEffect(() => {
    if (open && items.length > 0) virtual.scrollToIndex(active);
  }, [active, open, items.length, virtual]);

  const pick = (item: SearchItem | undefined) => {
    if (!item) return;
    menu.send({ type: 'SEARCH.PICK', id: item.id });
    setOpen(false);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, items.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      pick(items[active]);
    } else if (e.key === 'Escape') {
      if (query) menu.send({ type: 'SEARCH.CHANGE', query: '' });
      else setOpen(false);
    }
  };

  const listId = 'menu-search-results';
  return (
    <Box position="relative" w="full" maxW="md">
      <Input
        ref={inputRef}
        size="sm"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && items[active] ? `menu-search-${items[active]!.id}` : undefined}
        aria-label={t('shell.search.label')}
        placeholder={t('shell.search.placeholder')}
        value={query}
        bg="bg"
        color="fg"
        data-testid="menu-search"
        onChange={(e) => {
          menu.send({ type: 'SEARCH.CHANGE', query: e.currentTarget.value });
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <Box position="absolute" top="100%" left="0" right="0" mt="1" zIndex="dropdown" bg="bg.panel" color="fg" borderWidth="1px" rounded="md" shadow="lg">
          <Text px="3" pt="2" pb="1" fontSize="xs" color="fg.muted">
            {showingHistory ? t('shell.search.history') : t('shell.search.count', { count: items.length })}
          </Text>
          {items.length === 0 ? (
            <Text px="3" pb="3" fontSize="sm" color="fg.muted" data-testid="menu-search-empty">
              {showingHistory ? t('shell.search.noHistory') : t('shell.search.noResults')}
            </Text>
          ) : (
            <Box ref={listRef} id={listId} role="listbox" aria-label={t('shell.search.results')} maxH={`${LIST_MAX_HEIGHT}px`} overflowY="auto">
              <Box h={`${virtual.getTotalSize()}px`} position="relative">
                {virtual.getVirtualItems().map((row) => {
                  const item = items[row.index]!;
                  return (
                    <Flex
                      key={item.id}
                      id={`menu-search-${item.id}`}
                      role="option"
                      aria-selected={row.index === active}
                      position="absolute"
                      top="0"
                      left="0"
                      right="0"
                      h={`${ROW_HEIGHT}px`}
                      transform={`translateY(${row.start}px)`}
                      align="center"
                      px="3"
                      gap="2"
                      cursor="pointer"
                      bg={row.index === active ? 'colorPalette.100' : undefined}
                      onMouseEnter={() => setActive(row.index)}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => pick(item)}
                      data-testid="menu-search-option"
                    >
                      <Text flex="1" truncate fontSize="sm">{item.functionName}</Text>
                      <Text fontSize="xs" color="fg.muted" truncate maxW="40%">{item.firstLevelName}</Text>
                      <FavouriteButton id={item.id} name={item.functionName} />
                    </Flex>
                  );
                })}
              </Box>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
