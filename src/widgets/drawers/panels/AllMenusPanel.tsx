import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Box, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { pruneTree, searchMenu } from '../../../shared/menu-tree';
import { useI18n } from '../../../services/i18n/react';
import { useMenu } from '../../menu/use-menu';
import { FavouriteButton } from '../../menu/FavouriteButton';
import { useFocusAfterPaint } from '../../useFocusAfterPaint';

/**
 * Every menu the user may open at a glance: areas side by side, their groups and pages, with a
 * filter on top. On a phone's width the header has no menu search and this drawer is the way
 * to every page, so the filter matches as the menu search does (searchMenu: every word, in the
 * page's or its area's name) and keeps each match under its own area and group. Enter opens the
 * first match as a pick of the menu search does (into the search history); ↓ moves to the
 * matches' links.
 */
export default function AllMenusPanel() {
  const { t } = useI18n();
  const { tree, leaves, pick } = useMenu();
  const [filter, setFilter] = useState('');
  // Typing stays responsive with thousands of leaves: the list follows a render behind.
  const query = useDeferredValue(filter);
  const matches = useMemo(() => searchMenu(leaves, query), [leaves, query]);
  const filtering = query.trim() !== '';
  const shown = useMemo(() => (filtering ? pruneTree(tree, new Set(matches.map((m) => m.id))) : tree), [filtering, tree, matches]);
  const listRef = useRef<HTMLDivElement>(null);
  // The filter takes the focus where a keyboard is the likely way in (the drawer's own initial
  // focus, its close button, was chosen before this lazy panel arrived); on a touch screen the
  // keyboard it would raise covers the list the user opened to browse.
  const focusFilter = useFocusAfterPaint<HTMLInputElement>();
  const finePointer = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;

  if (tree.length === 0) return <Text color="fg.muted">{t('shell.menu.empty')}</Text>;
  return (
    <Stack gap="4">
      <Input
        ref={finePointer ? focusFilter : undefined}
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        onKeyDown={(e) => {
          const first = searchMenu(leaves, e.currentTarget.value)[0];
          if (e.key === 'Enter' && first) {
            e.preventDefault();
            pick(first.id);
          } else if (e.key === 'ArrowDown' && first) {
            e.preventDefault();
            listRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
          }
        }}
        aria-label={t('shell.allMenus.filter')}
        placeholder={t('shell.allMenus.placeholder')}
        aria-describedby={filtering ? 'all-menus-count' : undefined}
        maxW="md"
        data-testid="all-menus-filter"
      />
      <Box aria-live="polite" mt="-2">
        {filtering && (
          <Text id="all-menus-count" fontSize="sm" color="fg.muted" data-testid="all-menus-count">
            {matches.length > 0 ? t('shell.search.count', { count: matches.length }) : t('shell.search.noResults')}
          </Text>
        )}
      </Box>
      <SimpleGrid ref={listRef} columns={{ base: 1, md: 2, xl: 4 }} gap="6" data-testid="all-menus" data-state={filtering ? 'filtered' : 'all'}>
        {shown.map((top) => (
          <Box key={top.id}>
            <Heading size="sm" mb="2">{top.functionName}</Heading>
            {top.children.map((group) => (
              <Stack key={group.id} gap="0" mb="3">
                <Text fontSize="xs" color="fg.muted">{group.functionName}</Text>
                {(group.children.length > 0 ? group.children : [group]).map((leaf) => (
                  <Stack key={leaf.id} direction="row" align="center" gap="1">
                    <Link href={leaf.funcUrl}>{leaf.functionName}</Link>
                    <FavouriteButton id={leaf.id} name={leaf.functionName} />
                  </Stack>
                ))}
              </Stack>
            ))}
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
