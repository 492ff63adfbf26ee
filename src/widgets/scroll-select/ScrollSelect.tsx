import { Suspense, use, useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Box, Button, Combobox, createListCollection, HStack, Skeleton, Spinner, Text } from '@chakra-ui/react';
import { scrollLookupMachine, type ScrollAnswer, type ScrollItem, type ScrollQuery } from '../../machines/scroll-lookup.machine';
import { connectScrollLookup } from '../../machines/scroll-lookup.connect';
import { scrollLabel, scrollPage, type OfferedScrollSource } from '../../services/api/scroll';
import { inspect } from '../../services/inspector';
import { useI18n } from '../../services/i18n/react';
import { SELECT_SCROLL_HEIGHT, SELECT_SCROLL_PAGE_SIZE } from '../../shared/constants';
import { scrollLocale } from './locale';

export interface ScrollSelectProps {
  source: OfferedScrollSource;
  /** The stored value (a code); '' when none. */
  value: string;
  /** A choice (the row's value, label and extra) or a clear (null). */
  onChange: (item: ScrollItem | null) => void;
  /** Fixed filters of the source (the city list's province); a change empties the choice. */
  params?: Record<string, string>;
  id?: string;
  /** The accessible name (the field's label). */
  label: string;
  disabled?: boolean;
  readOnly?: boolean;
  invalid?: boolean;
  placeholder?: string;
  /** The tests' handle on the control. */
  testId?: string;
  /** The source's calls; the portal's own by default (component tests give doubles). */
  calls?: ScrollCalls;
}

export interface ScrollCalls {
  page: (source: OfferedScrollSource, query: ScrollQuery) => Promise<ScrollAnswer>;
  label: (source: OfferedScrollSource, value: string, params: Record<string, string>) => Promise<string | null>;
}

const PORTAL_CALLS: ScrollCalls = { page: scrollPage, label: scrollLabel };

const EMPTY: Record<string, string> = {};

/**
 * A scroll dropdown (widgets §2 "Scroll dropdowns"; docs/scroll-select.md): Chakra's Combobox
 * for the keyboard, focus and ARIA, fed by the scroll-lookup machine, which owns the remote
 * filter (REMOTE_FILTER_DELAY_MS), the pages (SELECT_SCROLL_PAGE_SIZE, appended as the list
 * SELECT_SCROLL_HEIGHT high is scrolled or arrowed to its end) and the §8 failure rules. Shows
 * the label, stores the value; the account source shows its currency beside the name.
 */
export function ScrollSelect(props: ScrollSelectProps) {
  return (
    <Suspense fallback={<Skeleton height="8" />}>
      <ScrollSelectBody {...props} />
    </Suspense>
  );
}

function ScrollSelectBody({ source, value, onChange, params = EMPTY, id, label, disabled, readOnly, invalid, placeholder, testId, calls = PORTAL_CALLS }: ScrollSelectProps) {
  const { t, lang } = useI18n();
  use(scrollLocale(lang));
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const logic = useMemo(
    () => scrollLookupMachine.provide({ actors: { fetchPage: fromPromise<ScrollAnswer, ScrollQuery>(({ input }) => calls.page(source, input)) } }),
    [source, calls],
  );
  const [snapshot, send] = useMachine(logic, { input: { pageSize: SELECT_SCROLL_PAGE_SIZE, params }, inspect });
  const api = connectScrollLookup(snapshot, send);

  // A new province (or any fixed filter): the list starts again and the old choice goes.
  const paramsKey = JSON.stringify(params);
  const firstParams = useRef(true);
  useEffect(() => {
    if (firstParams.current) firstParams.current = false;
    else api.reset(JSON.parse(paramsKey) as Record<string, string>);
  }, [paramsKey]);

  // The form's value changed from outside (a record opened, a draft restored, a pair cleared):
  // show it, with its label once the source names it.
  const selectedValue = api.selected?.value ?? '';
  useEffect(() => {
    if (value === selectedValue) return;
    if (!value) {
      api.setValue(null);
      return;
    }
    api.setValue({ value, label: value });
    let live = true;
    calls.label(source, value, paramsRef.current)
      .then((name) => live && name && api.setValue({ value, label: name }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value, source]);

  // The language changed: labels come from the server in the reader's language.
  const firstLang = useRef(true);
  useEffect(() => {
    if (firstLang.current) {
      firstLang.current = false;
      return;
    }
    api.reset(paramsRef.current);
    if (value) calls.label(source, value, paramsRef.current).then((name) => name && api.setValue({ value, label: name })).catch(() => undefined);
  }, [lang]);

  // Zag writes the input's text only when its own input value changes; ours moves on a choice
  // made while the typed filter is still in the box, so the box is told too.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = inputRef.current;
    if (el && el.value !== api.inputValue) el.value = api.inputValue;
  }, [api.inputValue, api.state]);

  const collection = useMemo(() => createListCollection<ScrollItem>({ items: api.items, itemToValue: (item) => item.value, itemToString: (item) => item.label }), [api.items]);
  const listProps = api.getListProps();

  return (
    <Combobox.Root
      collection={collection}
      size="sm"
      width="full"
      inputValue={api.inputValue}
      value={api.selected ? [api.selected.value] : []}
      openOnClick
      disabled={disabled}
      readOnly={readOnly}
      invalid={invalid}
      onInputValueChange={(d) => {
        if (d.reason === 'input-change') api.type(d.inputValue);
      }}
      onOpenChange={(d) => {
        if (d.open) api.open();
        // Zag closes before it reports the choice: the list must still hold the row chosen.
        else if (d.reason === 'item-select') queueMicrotask(api.close);
        else api.close();
      }}
      onValueChange={(d) => {
        // The list may already be gone (closing after a choice forgets a filtered list): the row is this render's.
        const chosen = d.value[0];
        const item = chosen === undefined ? undefined : ((d.items[0] as ScrollItem | undefined) ?? api.items.find((row) => row.value === chosen));
        if (item) {
          api.select(item);
          onChange(item);
        } else {
          api.clear();
          onChange(null);
        }
      }}
      onHighlightChange={(d) => api.highlight(d.highlightedValue)}
      {...api.getRootProps()}
      data-source={source}
      data-testid={testId}
    >
      <Combobox.Control>
        <Combobox.Input ref={inputRef} id={id} aria-label={label} placeholder={placeholder ?? t('scroll.placeholder')} {...api.getInputProps()} />
        <Combobox.IndicatorGroup>
          {!readOnly && !disabled && api.selected && <Combobox.ClearTrigger aria-label={t('scroll.clear')} />}
          <Combobox.Trigger aria-label={t('scroll.open')} />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Combobox.Positioner>
        <Combobox.Content maxHeight={listProps.maxHeight} overflowY="auto" onScroll={listProps.onScroll} data-part="list" data-state={listProps['data-state']} aria-label={label}>
          {api.items.map((item) => (
            <Combobox.Item key={item.value} item={item} gap="2" {...api.getItemProps(item)}>
              <Combobox.ItemText flex="1" truncate>
                {item.label}
              </Combobox.ItemText>
              {item.extra && (
                <Text fontSize="xs" color="fg.muted" data-part="extra">
                  {item.extra}
                </Text>
              )}
              <Combobox.ItemIndicator />
            </Combobox.Item>
          ))}
          <ScrollStatus api={api} />
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}

function ScrollStatus({ api }: { api: ReturnType<typeof connectScrollLookup> }) {
  const { t } = useI18n();
  const props = api.getStatusProps();
  const text =
    api.status === 'loading' ? t('scroll.loading')
    : api.status === 'more' ? t('scroll.more')
    : api.status === 'end' ? t('scroll.end', { total: api.total })
    : api.status === 'empty' ? t('scroll.empty')
    : api.status === 'error' ? t(api.state === 'moreFailed' ? 'scroll.moreFailed' : 'scroll.failed', { error: api.error ?? '' })
    : '';
  if (!text) return null;
  return (
    <HStack px="2" py="1" gap="2" fontSize="xs" color={api.status === 'error' ? 'fg.error' : 'fg.muted'} minHeight={`${Math.round(SELECT_SCROLL_HEIGHT / 8)}px`} {...props} data-testid="scroll-status">
      {api.status === 'loading' && <Spinner size="xs" />}
      <Box flex="1">{text}</Box>
      {api.status === 'error' && (
        <Button size="2xs" variant="outline" {...api.getRetryProps()}>
          {t('scroll.retry')}
        </Button>
      )}
    </HStack>
  );
}
