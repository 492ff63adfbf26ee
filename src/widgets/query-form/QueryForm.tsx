import { use, useState } from 'react';
import { Badge, Box, Button, Collapsible, Field, Group, HStack, IconButton, Input, Menu, Portal, Skeleton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { OptionSelect } from '../OptionSelect';
import { useSelector } from '@xstate/react';
import { connectQueryPage, type QueryPageApi, type ShownField } from '../../machines/query-page.connect';
import { DATE_RANGE_SHORTCUTS, FORM_LAYOUT, RANGE_SEPARATOR, SAVED_QUERY_DEFAULT, type DateRangeShortcut } from '../../shared/constants';
import { dateRangeFor } from '../../shared/date-format';
import type { QueryField } from '../../shared/query-rules';
import { dictionaryOptions } from '../../services/dictionaries';
import { useI18n } from '../../services/i18n/react';
import { ErrorAlert } from '../ErrorAlert';
import { DictionaryBoundary } from '../DictionaryBoundary';
import { BusyButton } from '../BusyButton';
import { DynamicControl } from '../dynamic-form/DynamicField';
import { DateInput } from '../date/DateInput';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { HiddenFieldDialog, OrderPopover, SaveQueryDialog } from './QueryFormDialogs';
import type { QueryPageActor } from './useQueryPage';

/**
 * The query form of a query page (widgets §2 "Query form", §5, §6, §7; issue 10 point 4):
 * collapsible rows of filters laid out by language (portal-shell §9 FORM_LAYOUT: zh-CN three
 * columns with 130 px labels, a date range spanning two; en-US two with 350 px), Query (Enter
 * submits) and Reset, the saved searches (click applies and queries, the star toggles the
 * default, delete asks first), the save-search dialog, the settings popover with the order tab and, for
 * administrators only, the hidden-field settings dialog. Everything it shows comes from
 * `connectQueryPage`; the machine decides.
 *
 * Mounting it on a page, with a paged list it feeds:
 *
 * ```tsx
 * const { lang } = useI18n();
 * const list = usePagedList(fetchPage);   // a list that waits for the form's first query
 * const query = useQueryPage({ code: def.code, fields: resourceQueryFields(def, lang), onQuery: (params) => list.load(params) });
 * return (<><QueryForm page={query} /><PagedList api={list} …/></>);
 * ```
 *
 * `onQuery(params, reason)` gets the typed filters (a date range as `<field>From`/`<field>To`,
 * blanks left out) and the reason: `init` once the page is ready (the default saved search
 * applied), `search`, `reset`, `saved`, or `reload` after `query.send({type: 'QUERY.RELOAD'})`.
 * Each starts the list again at page 1. The widget loads its own locale module (`query`).
 */
export function QueryForm({ page }: { page: QueryPageActor }) {
  const ready = useLocaleModule('query');
  const snapshot = useSelector(page, (s) => s);
  const api = connectQueryPage(snapshot, page.send);
  if (!ready) return <Skeleton height="16" data-testid="query-form-loading" />;
  return <QueryFormView api={api} />;
}

export function QueryFormView({ api }: { api: QueryPageApi }) {
  const { t, lang } = useI18n();
  const layout = FORM_LAYOUT[lang];
  const [expanded, setExpanded] = useState(false);
  const first = api.fields.slice(0, layout.columns);
  const rest = api.fields.slice(layout.columns);
  // A problem in a collapsed row opens the rows, so the user sees why nothing was asked.
  const open = expanded || rest.some((f) => f.keys.some((k) => api.problem(k)));
  const hidden = api.getHiddenTriggerProps();
  // A date range is two dates side by side: one of zh-CN's three columns leaves them ~85 px
  // each at 1280 px, the year cut off, so there it takes two; en-US's two columns hold it in one.
  const rangeColumns = layout.columns > 2 ? 2 : 1;
  const grid = (fields: ShownField[]) => (
    <SimpleGrid columns={{ base: 1, md: layout.columns }} gapX="4" gapY="3">
      {fields.map((f) => (
        <FilterField key={f.field.name} api={api} shown={f} labelWidth={layout.labelWidth} columns={f.field.type === 'date' ? rangeColumns : 1} />
      ))}
    </SimpleGrid>
  );
  return (
    <Stack gap="3" data-testid="query-form" {...api.getRootProps()}>
      <form {...api.getFormProps()} aria-label={t('query.actions.search')}>
        <Collapsible.Root open={open} onOpenChange={(d) => setExpanded(d.open)}>
          <Stack gap="3">
            {api.starting && api.fields.length === 0 ? <Skeleton height="8" /> : grid(first)}
            {rest.length > 0 && <Collapsible.Content>{grid(rest)}</Collapsible.Content>}
            <HStack gap="2" wrap="wrap" justify="flex-end">
              {rest.length > 0 && (
                <Collapsible.Trigger asChild>
                  <Button size="sm" variant="ghost" data-part="expand" data-state={open ? 'open' : 'closed'}>
                    {t(open ? 'query.actions.collapse' : 'query.actions.expand')} {open ? '▴' : '▾'}
                  </Button>
                </Collapsible.Trigger>
              )}
              <BusyButton size="sm" colorPalette="blue" {...api.getSearchProps()} data-testid="query-search">
                {t('query.actions.search')}
              </BusyButton>
              <Button size="sm" variant="outline" {...api.getResetProps()} data-testid="query-reset">
                {t('query.actions.reset')}
              </Button>
              <Button size="sm" variant="outline" {...api.getSaveTriggerProps()} data-testid="query-save">
                {t('query.actions.save')}
              </Button>
              <OrderPopover api={api} />
              {hidden && (
                <IconButton size="sm" variant="ghost" aria-label={t('query.actions.hidden')} title={t('query.actions.hidden')} {...hidden} data-testid="query-hidden-settings">
                  ◐
                </IconButton>
              )}
            </HStack>
          </Stack>
        </Collapsible.Root>
      </form>
      <SavedSearches api={api} />
      <SaveQueryDialog api={api} />
      {hidden && <HiddenFieldDialog api={api} />}
    </Stack>
  );
}

/** The saved searches as chips: the name applies it, the star toggles the default, ✕ deletes (after asking). */
function SavedSearches({ api }: { api: QueryPageApi }) {
  const { t } = useI18n();
  if (api.saved.length === 0 && !api.error) return null;
  return (
    <Stack gap="2">
      <ErrorAlert message={api.state === 'idle' ? api.error : null} />
      {api.saved.length > 0 && (
        <HStack gap="2" wrap="wrap" as="ul" listStyleType="none" m="0" p="0" aria-label={t('query.saved.title')} data-testid="saved-searches">
          <Text as="li" fontSize="sm" color="fg.muted">{t('query.saved.title')}</Text>
          {api.saved.map((q) => {
            const isDefault = q.defaultFlag === SAVED_QUERY_DEFAULT;
            return (
              <Box as="li" key={q.id} data-testid="saved-search" data-default={isDefault || undefined}>
                <Group attached>
                  <Button size="xs" variant={isDefault ? 'subtle' : 'outline'} aria-label={t('query.saved.apply', { name: q.name })} {...api.getSavedItemProps(q)}>
                    {q.name}
                    {isDefault && <Badge size="xs" colorPalette="blue">{t('query.saved.default')}</Badge>}
                  </Button>
                  <IconButton size="xs" variant="outline" aria-label={t(isDefault ? 'query.saved.unstar' : 'query.saved.star', { name: q.name })} {...api.getStarProps(q)}>
                    {isDefault ? '★' : '☆'}
                  </IconButton>
                  <IconButton size="xs" variant="outline" aria-label={t('query.saved.delete', { name: q.name })} {...api.getDeleteProps(q)}>
                    ✕
                  </IconButton>
                </Group>
              </Box>
            );
          })}
        </HStack>
      )}
    </Stack>
  );
}

function FilterField({ api, shown, labelWidth, columns }: { api: QueryPageApi; shown: ShownField; labelWidth: number; columns: number }) {
  const { t } = useI18n();
  const { field, required, keys } = shown;
  const problems = keys.map((k) => api.problem(k)).filter((p) => p !== null);
  const id = `query-${keys[0]}`;
  return (
    <Field.Root invalid={problems.length > 0} required={required} orientation={{ base: 'vertical', md: 'horizontal' }} gridColumn={{ md: `span ${columns}` }} data-field={field.name} data-part="field">
      <Field.Label htmlFor={id} flexShrink={0} width={{ md: `${labelWidth}px` }} justifyContent={{ md: 'flex-end' }} textAlign={{ md: 'right' }}>
        {field.label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Box flex="1" minW="0">
        <FilterInput api={api} field={field} keys={keys} id={id} />
        {problems.map((p, i) => (
          <Field.ErrorText key={i}>{t(p.key, p.params)}</Field.ErrorText>
        ))}
      </Box>
    </Field.Root>
  );
}

/** The least a date input shows its whole date in: YYYY-MM-DD, the calendar button and the input's padding. */
const DATE_INPUT_MIN_WIDTH = 'calc(10ch + 3rem)';

function FilterInput({ api, field, keys, id }: { api: QueryPageApi; field: QueryField; keys: string[]; id: string }) {
  const { t, lang } = useI18n();
  const props = (key: string) => {
    const { 'data-part': part, 'data-state': state, ...rest } = api.getInputProps(key);
    return { ...rest, 'data-part': part, 'data-state': state };
  };
  // Extended fields (widgets §2, §7): drawn by the dynamic-form renderer; a date stays a range.
  if (field.extended && field.type !== 'date') return <ExtendedInput field={field} id={id} input={props(keys[0]!)} />;
  switch (field.type) {
    case 'date':
      return (
        // Wraps rather than squeezing a date below its text where even that room is short.
        <HStack gap="1" wrap="wrap">
          <DateInput id={id} flex="1" minW={DATE_INPUT_MIN_WIDTH} label={t('query.input.from', { field: field.label })} aria-label={t('query.input.from', { field: field.label })} {...props(keys[0]!)} />
          <Text fontSize="sm" color="fg.muted" aria-hidden>
            {RANGE_SEPARATOR}
          </Text>
          <DateInput flex="1" minW={DATE_INPUT_MIN_WIDTH} label={t('query.input.to', { field: field.label })} aria-label={t('query.input.to', { field: field.label })} {...props(keys[1]!)} />
          <RangeShortcuts api={api} label={field.label} fromKey={keys[0]!} toKey={keys[1]!} />
        </HStack>
      );
    case 'dict':
      return (
        <DictionaryBoundary types={[field.dict!]} lang={lang}>
          <DictionarySelect id={id} dict={field.dict!} input={props(keys[0]!)} />
        </DictionaryBoundary>
      );
    case 'select':
      return <QueryOptionSelect id={id} options={field.options ?? []} input={props(keys[0]!)} />;
    case 'bool':
      return (
        <QueryOptionSelect
          id={id}
          options={[
            { value: 'true', text: t('query.input.yes') },
            { value: 'false', text: t('query.input.no') },
          ]}
          input={props(keys[0]!)}
        />
      );
    default:
      return <Input id={id} size="sm" inputMode={field.type === 'int' ? 'numeric' : field.type === 'decimal' ? 'decimal' : undefined} maxLength={field.type === 'text' ? field.max : undefined} {...props(keys[0]!)} />;
  }
}

/**
 * The date-range shortcuts of widgets §9 beside a date range: choosing one fills both inputs
 * (yyyy-MM-dd, ending today) through the inputs' own change handlers, so the query page's
 * machine sees two ordinary FIELD.CHANGE events.
 */
/** The shortcut menu's item that empties the range. */
const CLEAR = 'clear';

function RangeShortcuts({ api, label, fromKey, toKey }: { api: QueryPageApi; label: string; fromKey: string; toKey: string }) {
  const { t } = useI18n();
  const from = api.getInputProps(fromKey);
  const to = api.getInputProps(toKey);
  const fill = (range: { from: string; to: string }) => {
    from.onChange({ currentTarget: { value: range.from } });
    to.onChange({ currentTarget: { value: range.to } });
  };
  // Widgets §9: a range input is clearable; its last item empties both ends at once.
  const choose = (item: DateRangeShortcut | typeof CLEAR) => fill(item === CLEAR ? { from: '', to: '' } : dateRangeFor(item, new Date()));
  return (
    <Menu.Root lazyMount unmountOnExit onSelect={(d) => choose(d.value as DateRangeShortcut | typeof CLEAR)}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="ghost" px="1.5" disabled={from.disabled || to.disabled} aria-label={t('query.shortcut.open', { field: label })} data-part="range-shortcuts">
          ⋯
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {DATE_RANGE_SHORTCUTS.map((s) => (
              <Menu.Item key={s} value={s} data-shortcut={s}>
                {t(`query.shortcut.${s}`)}
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value={CLEAR} data-shortcut={CLEAR} disabled={!from.value && !to.value}>
              {t('query.shortcut.clear')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

type SelectInput = ReturnType<QueryPageApi['getInputProps']>;

function QueryOptionSelect({ id, options, input }: { id: string; options: Array<{ value: string; text: string }>; input: SelectInput }) {
  const { t } = useI18n();
  return <OptionSelect options={options} empty={t('query.input.any')} field={{ id, ...input }} />;
}

/**
 * An extended filter drawn by the dynamic form's control (one renderer for both: options from
 * dictionaries, constants or a resource, remote search, the magnifier), its value the filter's
 * text; choices are single in a filter.
 */
function ExtendedInput({ field, id, input }: { field: QueryField; id: string; input: SelectInput }) {
  const ready = useLocaleModule('dynamic');
  if (!ready || !field.extended) return <Skeleton height="8" />;
  const text = String(input.value ?? '');
  return (
    <DynamicControl
      id={id}
      field={field.extended}
      label={field.label}
      value={text === '' ? null : text}
      text={text}
      readOnly={input.disabled}
      filter
      onChange={(v) => input.onChange({ currentTarget: { value: Array.isArray(v) ? v.join(',') : v === null ? '' : String(v) } })}
      onBlur={() => undefined}
    />
  );
}

/** A dictionary's options in the reader's language, shared with every form (services/dictionaries). */
function DictionarySelect({ id, dict, input }: { id: string; dict: string; input: SelectInput }) {
  const { lang } = useI18n();
  const options = use(dictionaryOptions(dict, lang));
  return <QueryOptionSelect id={id} options={options} input={input} />;
}
