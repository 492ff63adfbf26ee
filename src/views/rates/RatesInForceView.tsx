import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Box, Card, Field, Flex, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { ratesInForceMachine, type RateRow } from '../../machines/rates-in-force.machine';
import { connectRatesInForce } from '../../machines/rates-in-force.connect';
import { call } from '../../services/http/call';
import { dictionaryOptions } from '../../services/dictionaries';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';
import { rates } from '../../shared/contract/rates';
import { formatDate } from '../../shared/date-format';
import { amountText } from '../../shared/format-amount';
import type { Language } from '../../shared/constants';
import { DateInput } from '../../widgets/date/DateInput';
import { ErrorAlert } from '../../widgets/ErrorAlert';

/**
 * The rates of a day with the names of their types and tenors in the reader's language, in the
 * dictionaries' order (overnight before a week before a year, not 1Y before 3M).
 */
async function loadRates(date: string, lang: Language): Promise<RateRow[]> {
  const options = (type: string) => dictionaryOptions(type, lang, { retryFailed: true }).catch(() => []);
  const [rows, types, tenors] = await Promise.all([call(rates.inForce, { date }), options('RateType'), options('Tenor')]);
  const place = (list: Array<{ value: string }>, value: string) => {
    const at = list.findIndex((o) => o.value === value);
    return at < 0 ? list.length : at;
  };
  const nameOf = (list: Array<{ value: string; text: string }>, value: string) => list.find((o) => o.value === value)?.text ?? value;
  return rows
    .map((r) => ({ ...r, rateTypeName: nameOf(types, r.rateType), tenorName: nameOf(tenors, r.tenor) }))
    .sort((a, b) => place(types, a.rateType) - place(types, b.rateType) || a.currencyCode.localeCompare(b.currencyCode) || place(tenors, a.tenor) - place(tenors, b.tenor));
}

/** Rates carry up to six decimals (the benchmark rate's scale): shown as published, neither rounded to cents nor padded. */
const RATE_DECIMALS = 6;
const rateText = (value: number, lang: Language) => amountText(value, lang, RATE_DECIMALS).replace(/\.?0+$/, '');

/** The rate beside its tenor, so a phone shows it without scrolling sideways. */
const COLUMNS = ['rateType', 'tenor', 'rateValue', 'currencyCode', 'effectiveDate', 'sourceNo'] as const;

const ratesLogic = ratesInForceMachine.provide({ actors: { loadRates: fromPromise(({ input }: { input: { date: string; lang: Language } }) => loadRates(input.date, input.lang)) } });

/** The interest rates in force on a day (the menu's 利率 page): each type, currency and tenor with the rate effective then. */
export default function RatesInForceView() {
  const { t, lang } = useI18n();
  const [snapshot, send] = useMachine(ratesLogic, { input: { date: formatDate(new Date()), lang }, inspect });
  // The names of types and tenors follow the language: the same day is asked again.
  useEffect(() => send({ type: 'LANG.CHANGE', lang }), [lang, send]);
  const api = connectRatesInForce(snapshot, send);
  const { invalid, ...date } = api.getDateProps();

  return (
    <Card.Root data-testid="rates-in-force" {...api.getRootProps()}>
      <Card.Header>
        <Heading size="lg">{t('resource.ratesInForce.heading')}</Heading>
        <Text color="fg.muted" fontSize="sm">{t('resource.ratesInForce.explain')}</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Field.Root invalid={invalid} maxW="xs">
            <Field.Label htmlFor="rates-date">{t('resource.ratesInForce.date')}</Field.Label>
            <DateInput id="rates-date" {...date} label={t('resource.ratesInForce.date')} />
            {invalid && <Field.ErrorText>{t('resource.ratesInForce.badDay', { value: date.value })}</Field.ErrorText>}
          </Field.Root>
          <ErrorAlert message={api.failed && t('resource.ratesInForce.failed', { message: api.serverMessage ?? '' })} retry={api.getRetryProps()} />
          {api.loading && api.shownDate === null && (
            <Stack gap="2">
              <Skeleton h="6" />
              <Skeleton h="6" />
            </Stack>
          )}
          {api.shownDate !== null && (
            <Box aria-live="polite">
              <Text fontSize="sm" mb="2" data-testid="rates-caption">{api.empty ? t('resource.ratesInForce.none', { date: api.shownDate }) : t('resource.ratesInForce.caption', { date: api.shownDate, count: api.rows.length })}</Text>
              {!api.empty && (
                <Table.ScrollArea borderWidth="1px" rounded="md">
                  <Table.Root size="sm" data-testid="rates-table" opacity={api.loading ? 0.6 : 1}>
                    <Table.Header>
                      <Table.Row>
                        {COLUMNS.map((c) => (
                          <Table.ColumnHeader key={c} textAlign={c === 'rateValue' ? 'end' : undefined}>{t(`resource.ratesInForce.column.${c}`)}</Table.ColumnHeader>
                        ))}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {api.rows.map((row) => (
                        <Table.Row key={row.rateCode} {...api.getRowProps(row)}>
                          <Table.Cell>{row.rateTypeName}</Table.Cell>
                          <Table.Cell>{row.tenorName}</Table.Cell>
                          <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">{rateText(row.rateValue, lang)}</Table.Cell>
                          <Table.Cell>{row.currencyCode}</Table.Cell>
                          <Table.Cell>
                            <Flex gap="2" align="center" wrap="wrap">
                              {row.effectiveDate}
                              {row.effectiveDate === api.shownDate && <Text as="span" fontSize="xs" color="fg.info">{t('resource.ratesInForce.newToday')}</Text>}
                            </Flex>
                          </Table.Cell>
                          <Table.Cell>{row.sourceNo}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
