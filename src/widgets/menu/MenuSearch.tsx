import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Box, Combobox, createListCollection, Portal, Text, useComboboxContext } from '@chakra-ui/react';
import type { SearchItem } from '../../shared/menu-tree';
import { useI18n } from '../../services/i18n/react';
import { useMenu } from './use-menu';
import { isTextField } from '../text-field';

const ROW_HEIGHT = 40;
const LIST_MAX_HEIGHT = 360;

/**
 * Menu search on Chakra's Combobox (keyboard navigation, ARIA and focus are Chakra's): type to
 * filter the leaves (each shown with its first-level area), ↑/↓ to move, Enter to open,
 * Escape to close. With nothing typed it offers the search history. Results are virtualised
 * so 5,000 leaves scroll smoothly. Options hold no buttons (a star inside an option would be
 * an interactive element nested in another); the star is beside each item in the left menu,
 * in all menus and in the often-used menus.
 */
export function MenuSearch() {
  const { t } = useI18n();
  const api = useMenu();
  const collection = useMemo(
    () => createListCollection<SearchItem>({ items: api.searchItems, itemToValue: (item) => item.id, itemToString: (item) => item.functionName }),
    [api.searchItems],
  );
  const inputRef = useRef<HTMLInputElement>(null);
  // The list exists only while open (lazyMount, unmountOnExit): measuring a closed list made the
  // browser lay out the whole shell in the middle of its first commit (issue 16). The list held
  // in state, not a ref, so its mounting re-renders this component and the virtualiser finds it.
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const virtual = useVirtualizer({ count: collection.items.length, getScrollElement: () => content, estimateSize: () => ROW_HEIGHT, overscan: 8 });

  // '/' (outside a text field) or Ctrl/⌘+K jumps to the search from anywhere in the shell.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = isTextField(e.target);
      if ((e.key === 'k' && (e.ctrlKey || e.metaKey)) || (e.key === '/' && !typing)) {
        e.preventDefault();
        inputRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Combobox.Root
      collection={collection}
      size="sm"
      w="full"
      maxW="md"
      inputValue={api.query}
      value={[]}
      openOnClick
      lazyMount
      unmountOnExit
      inputBehavior="autohighlight"
      selectionBehavior="clear"
      onInputValueChange={(d) => api.search(d.inputValue)}
      onValueChange={(d) => d.value[0] && api.pick(d.value[0])}
      scrollToIndexFn={(d) => virtual.scrollToIndex(d.index, { align: 'auto' })}
      {...api.getSearchRootProps()}
    >
      <Combobox.Control>
        <SearchInput ref={inputRef} aria-label={t('shell.search.label')} placeholder={t('shell.search.placeholder')} bg="bg" color="fg" data-testid="menu-search" />
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content ref={setContent} maxH={`${LIST_MAX_HEIGHT}px`} overflowY="auto" aria-label={t('shell.search.results')}>
            <Text px="2" pt="1" pb="1" fontSize="xs" color="fg.muted" aria-hidden>
              {api.showingHistory ? t('shell.search.history') : t('shell.search.count', { count: collection.items.length })}
            </Text>
            <Combobox.Empty px="2" pb="2" fontSize="sm" color="fg.muted" data-testid="menu-search-empty">
              {api.showingHistory ? t('shell.search.noHistory') : t('shell.search.noResults')}
            </Combobox.Empty>
            <Box h={`${virtual.getTotalSize()}px`} position="relative">
              {virtual.getVirtualItems().map((row) => {
                const item = collection.items[row.index]!;
                return (
                  <Combobox.Item
                    key={item.id}
                    item={item}
                    position="absolute"
                    top="0"
                    left="0"
                    right="0"
                    h={`${ROW_HEIGHT}px`}
                    transform={`translateY(${row.start}px)`}
                    gap="2"
                    {...api.getSearchItemProps(item)}
                  >
                    <Combobox.ItemText flex="1" truncate>
                      {item.functionName}
                    </Combobox.ItemText>
                    <Text fontSize="xs" color="fg.muted" truncate maxW="40%">
                      {item.firstLevelName}
                    </Text>
                  </Combobox.Item>
                );
              })}
            </Box>
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}

/**
 * The search's input, where Enter takes the first result when none is highlighted yet. Zag
 * highlights the first result a frame after it is drawn (requestAnimationFrame while the list
 * mounts); an Enter inside that frame found nothing highlighted, took nothing and reverted what
 * was typed. The capture phase runs before Zag's own keydown handler, which then selects it.
 */
function SearchInput(props: Combobox.InputProps & { ref: Ref<HTMLInputElement> }) {
  const combobox = useComboboxContext();
  return (
    <Combobox.Input
      {...props}
      onKeyDownCapture={(e) => {
        // With nothing typed the list is the search history: Enter there takes only what the user chose.
        if (e.key !== 'Enter' || combobox.inputValue.trim() === '' || !combobox.open || combobox.highlightedValue) return;
        const first = combobox.collection.firstValue;
        if (first) combobox.setHighlightValue(first);
      }}
    />
  );
}
