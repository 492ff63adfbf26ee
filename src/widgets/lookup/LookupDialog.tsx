import { Alert, Box, Button, CloseButton, Dialog, Field, Grid, HStack, IconButton, Input, Portal, Spinner, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import type { MagnifierApi } from '../../machines/magnifier.connect';
import type { LookupRow } from '../../machines/magnifier.machine';
import { BUDGET_AMOUNT_FIELD, BUDGET_CONVERTED_FIELD, BUDGET_CURRENCY_FIELD, BUDGET_RATE_FIELD, type LookupColumn, type LookupDef } from '../../shared/lookups';
import { columnLayout } from '../../shared/column-layout';
import { BUDGET_AMOUNT_PRECISION } from '../../shared/constants';
import { amountText } from '../../shared/format-amount';
import { convertedAmount } from '../../shared/budget-amount';
import { useI18n } from '../../services/i18n/react';
import { dictionaryOptions } from '../../services/dictionaries';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../ErrorAlert';
import { Pager } from '../paged-list/Pager';
import { useLocaleModule } from '../../services/i18n/use-locale-module';

/**
 * The lookup dialog (widgets §2 "Lookups", §9 widths): the search form with the lookup's search
 * fields, the paged result table with its columns (the shared Pager, lookup page sizes), and in
 * multi mode the selected list on the right; the budget lookup's selected list is its editable
 * table (amount, currency, rate, converted amount, remove). Everything it shows and does comes
 * from the magnifier's connected props (`api`); a row is picked by double-click or Enter, or
 * chosen (click, Space) and confirmed.
 */
export function LookupDialog({ def, api, title }: { def: LookupDef; api: MagnifierApi; title: string }) {
  useLocaleModule('lookup');
  const { t, lang } = useI18n();
  const dialog = api.getDialogProps();
  const texts = useDictionaryTexts(def.columns, lang);
  const cell = (row: LookupRow, c: LookupColumn) => {
    const v = row[c.name];
    if (c.dict && v !== null && v !== undefined) return texts[c.dict]?.[String(v)] ?? String(v);
    if (c.kind === 'amount') return amountText(v, lang);
    if (typeof v === 'boolean') return t(v ? 'lookup.yes' : 'lookup.no');
    return v === null || v === undefined ? '' : String(v);
  };
  const results = (
    <Stack gap="2" minW="0" data-part="results">
      {api.failed && (
        <HStack align="start">
          <Box flex="1">
            <ErrorAlert message={api.error} />
          </Box>
          <Button size="sm" variant="outline" {...api.getRetryProps()}>{t('lookup.retry')}</Button>
        </HStack>
      )}
      <Box overflow="auto" maxH="50vh" borderWidth="1px" borderRadius="sm" position="relative" aria-busy={api.busy}>
        <Table.Root size="sm" variant="line" interactive aria-label={t('lookup.results')} data-testid="lookup-results">
          <Table.Header>
            <Table.Row>
              {def.columns.map((c) => (
                <Table.ColumnHeader key={c.name} minW={`${Math.min(columnLayout(c.kind ?? 'text').width, 160)}px`} textAlign={columnLayout(c.kind ?? 'text').align} data-field={c.name}>{c.label[lang]}</Table.ColumnHeader>
              ))}
              {api.multi && <Table.ColumnHeader width="70px"><VisuallyHidden>{t('lookup.add')}</VisuallyHidden></Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {api.rows.map((row) => {
              const props = api.getRowProps(row);
              return (
                <Table.Row key={api.rowKey(row)} {...props} cursor="pointer" bg={props['data-state'] === 'idle' ? undefined : 'bg.emphasized'} _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }} data-testid="lookup-row">
                  {def.columns.map((c) => (
                    <Table.Cell key={c.name} textAlign={columnLayout(c.kind ?? 'text').align} whiteSpace="nowrap" data-field={c.name}>{cell(row, c)}</Table.Cell>
                  ))}
                  {api.multi && (
                    <Table.Cell>
                      <Button size="xs" variant="outline" {...api.getAddProps(row)} onDoubleClick={(e) => e.stopPropagation()}>{t('lookup.add')}</Button>
                    </Table.Cell>
                  )}
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
        {api.busy && (
          <HStack position="absolute" inset="0" justify="center" bg="bg/60">
            <Spinner role="status" aria-label={t('lookup.loading')} />
          </HStack>
        )}
        {api.empty && <Text p="3" color="fg.muted" data-testid="lookup-empty">{t('lookup.empty')}</Text>}
      </Box>
      <Pager api={{ ...api, busy: api.busy }} />
    </Stack>
  );
  return (
    <Dialog.Root open={dialog.open} onOpenChange={dialog.onOpenChange} lazyMount unmountOnExit placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`min(${api.width}px, 96vw)`} w="full" data-part="dialog" data-state={dialog['data-state']} data-mode={api.multi ? 'multi' : 'single'} data-testid={`lookup-dialog-${def.code}`}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {def.warning && (
                  <Alert.Root status="warning" data-testid="lookup-warning">
                    <Alert.Indicator />
                    <Alert.Title>{def.warning[lang]}</Alert.Title>
                  </Alert.Root>
                )}
                <form {...api.getSearchFormProps()} aria-label={t('lookup.search')}>
                  <Grid templateColumns={{ base: '1fr', md: 'repeat(auto-fill, minmax(200px, 1fr))' }} gap="2" alignItems="end">
                    {def.search.map((s) => {
                      const props = api.getSearchFieldProps(s.name);
                      return (
                        <Field.Root key={s.name}>
                          <Field.Label fontSize="sm">{s.label[lang]}</Field.Label>
                          <Input size="sm" {...props} maxLength={100} />
                        </Field.Root>
                      );
                    })}
                    <HStack>
                      <Button size="sm" type="submit" colorPalette="blue">{t('lookup.search')}</Button>
                      <Button size="sm" type="reset" variant="outline">{t('lookup.resetSearch')}</Button>
                    </HStack>
                  </Grid>
                </form>
                <Text fontSize="xs" color="fg.muted">{t(api.multi ? 'lookup.hint.multi' : 'lookup.hint.single')}</Text>
                {api.multi ? (
                  <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="4">
                    {results}
                    <SelectedList def={def} api={api} />
                  </Grid>
                ) : (
                  results
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" {...api.getCancelProps()}>{t('lookup.cancel')}</Button>
              <Button size="sm" colorPalette="blue" {...api.getConfirmProps()}>{t('lookup.confirm')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The multi lookup's right side: the selected rows; for budgets, the editable amounts and their conversion. */
function SelectedList({ def, api }: { def: LookupDef; api: MagnifierApi }) {
  const { t, lang } = useI18n();
  const budget = def.code === 'budget';
  const columns: Array<{ name: string; label: string; kind?: string }> = budget
    ? [
        { name: BUDGET_AMOUNT_FIELD, label: t('lookup.budget.budgetAmount') },
        { name: BUDGET_CURRENCY_FIELD, label: t('lookup.budget.currencyName') },
        { name: BUDGET_RATE_FIELD, label: t('lookup.budget.exchangeRate') },
        { name: BUDGET_CONVERTED_FIELD, label: t('lookup.budget.convertedAmount') },
        ...['budgetCurrencyName', 'budgetCode', 'budgetName', 'systemName', 'periodSystemName', 'periodTypeName', 'reportColumn'].map((name) => {
          const f = [...def.columns, ...(def.carry ?? [])].find((c) => c.name === name)!;
          return { name, label: f.label[lang] };
        }),
      ]
    : def.columns.map((c) => ({ name: c.name, label: c.label[lang] }));
  return (
    <Stack gap="2" minW="0" data-part="selected-list" data-testid="lookup-selected">
      <Text fontWeight="medium" fontSize="sm">{t('lookup.selected', { n: api.selected.length })}</Text>
      <Box overflow="auto" maxH="50vh" borderWidth="1px" borderRadius="sm">
        {api.selected.length === 0 ? (
          <Text p="3" color="fg.muted">{t('lookup.noneSelected')}</Text>
        ) : (
          <Table.Root size="sm" variant="line" aria-label={t('lookup.selected', { n: api.selected.length })}>
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.ColumnHeader key={c.name} whiteSpace="nowrap" data-field={c.name}>{c.label}</Table.ColumnHeader>
                ))}
                <Table.ColumnHeader width="40px" />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {api.selected.map((row) => {
                const key = api.rowKey(row);
                const name = String(row[def.text] ?? key);
                const problem = api.problems[key];
                return (
                  <Table.Row key={key} {...api.getSelectedProps(row)} data-testid="lookup-selected-row">
                    {columns.map((c) => (
                      <Table.Cell key={c.name} whiteSpace="nowrap" data-field={c.name} textAlign={c.name === BUDGET_CONVERTED_FIELD || c.name === BUDGET_RATE_FIELD ? 'right' : undefined}>
                        {budget && c.name === BUDGET_AMOUNT_FIELD ? (
                          <Field.Root invalid={Boolean(problem)} minW="130px">
                            <Input size="xs" inputMode="decimal" textAlign="right" aria-label={`${t('lookup.budget.budgetAmount')} ${name}`} {...api.getSelectedFieldProps(row, BUDGET_AMOUNT_FIELD)} />
                            {problem && <Field.ErrorText>{t(problem, { precision: BUDGET_AMOUNT_PRECISION })}</Field.ErrorText>}
                          </Field.Root>
                        ) : budget && c.name === BUDGET_CONVERTED_FIELD ? (
                          amountText(convertedAmount(row[BUDGET_AMOUNT_FIELD], row[BUDGET_RATE_FIELD]), lang, BUDGET_AMOUNT_PRECISION)
                        ) : budget && c.name === BUDGET_RATE_FIELD ? (
                          row[BUDGET_RATE_FIELD] === null || row[BUDGET_RATE_FIELD] === undefined ? t('lookup.budget.noRate') : String(row[BUDGET_RATE_FIELD])
                        ) : (
                          String(row[c.name] ?? '')
                        )}
                      </Table.Cell>
                    ))}
                    <Table.Cell>
                      <IconButton size="xs" variant="ghost" aria-label={t('lookup.remove', { name })} {...api.getRemoveProps(row)}>✕</IconButton>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
    </Stack>
  );
}

/** The texts of the dictionary-coded columns in the reader's language (codes until they arrive, or if the load fails). */
function useDictionaryTexts(columns: readonly LookupColumn[], lang: 'zh-CN' | 'en-US'): Record<string, Record<string, string>> {
  const [texts, setTexts] = useState<Record<string, Record<string, string>>>({});
  const types = [...new Set(columns.map((c) => c.dict).filter((d): d is string => Boolean(d)))].join(',');
  useEffect(() => {
    let live = true;
    for (const type of types ? types.split(',') : []) {
      dictionaryOptions(type, lang, { retryFailed: true })
        .then((options) => live && setTexts((now) => ({ ...now, [type]: Object.fromEntries(options.map((o) => [o.value, o.text])) })))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [types, lang]);
  return texts;
}
