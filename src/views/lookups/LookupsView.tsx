import { useState } from 'react';
import { Box, Code, Heading, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import type { LookupRow, MagnifierMode } from '../../machines/magnifier.machine';
import { BUDGET_AMOUNT_FIELD, BUDGET_RATE_FIELD, LOOKUPS, type LookupDef } from '../../shared/lookups';
import { BUDGET_AMOUNT_PRECISION } from '../../shared/constants';
import { amountText } from '../../shared/format-amount';
import { convertedAmount } from '../../shared/budget-amount';
import { useI18n } from '../../services/i18n/react';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { LookupField } from '../../widgets/lookup';

/**
 * Every lookup of the registry (src/shared/lookups.ts) in each mode it is used in, live against
 * the server, with what a pick writes into a form: where developers and auditors see the
 * lookups of widgets §2 before a business form uses them (docs/lookups.md).
 */
export default function LookupsView() {
  useLocaleModule('lookup');
  const { t, lang } = useI18n();
  return (
    <Stack gap="6" p="4" data-testid="lookups-page">
      <Heading size="md">{t('lookup.page.title')}</Heading>
      <Text color="fg.muted">{t('lookup.page.intro')}</Text>
      {LOOKUPS.flatMap((def) => def.modes.map((mode) => <LookupDemo key={`${def.code}-${mode}`} def={def} mode={mode} lang={lang} />))}
    </Stack>
  );
}

function LookupDemo({ def, mode, lang }: { def: LookupDef; mode: MagnifierMode; lang: 'zh-CN' | 'en-US' }) {
  const { t } = useI18n();
  const fills = { [def.value]: def.value, [def.text]: def.text };
  const [values, setValues] = useState<Record<string, string>>({});
  const [rows, setRows] = useState<LookupRow[]>([]);
  const [currency, setCurrency] = useState('CNY');
  const budget = def.code === 'budget';
  const id = `${def.code}-${mode}`;
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid={`lookup-demo-${id}`}>
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Heading size="sm">{def.label[lang]} · {t(`lookup.page.${mode}`)}</Heading>
          <Code>/api/fsmc/lookup/{def.code}</Code>
        </HStack>
        {budget && (
          <HStack>
            <Text fontSize="sm">{t('lookup.page.businessCurrency')}</Text>
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field aria-label={t('lookup.page.businessCurrency')} value={currency} onChange={(e) => setCurrency(e.currentTarget.value)}>
                {['CNY', 'USD', 'EUR', 'HKD'].map((c) => (
                  <option key={c} value={c}>{c}</option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        )}
        <Box maxW="lg">
          <LookupField
            id={`lookup-${id}`}
            name={def.value}
            lookup={def.code}
            fills={fills}
            mode={mode}
            values={values}
            label={def.label[lang]}
            params={budget ? { currencyCode: currency } : undefined}
            onFill={(filled, write) => {
              setValues(filled);
              setRows(write.rows);
            }}
          />
        </Box>
        <Text fontSize="sm" data-testid={`lookup-values-${id}`}>{t('lookup.page.filled')}: <Code>{JSON.stringify(values)}</Code></Text>
        {budget && rows.length > 0 && (
          <Table.Root size="sm" data-testid="lookup-budget-result">
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={String(r.budgetCode)}>
                  <Table.Cell>{String(r.budgetCode)}</Table.Cell>
                  <Table.Cell textAlign="right">{amountText(String(r[BUDGET_AMOUNT_FIELD] ?? ''), lang, BUDGET_AMOUNT_PRECISION)}</Table.Cell>
                  <Table.Cell textAlign="right">{amountText(convertedAmount(r[BUDGET_AMOUNT_FIELD], r[BUDGET_RATE_FIELD]), lang, BUDGET_AMOUNT_PRECISION)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
    </Box>
  );
}
