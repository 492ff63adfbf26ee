import { useState } from 'react';
import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { busyButton } from '../../machines/form.connect';
import type { Language } from '../../shared/constants';
import { TEMPLATE_LOOKUPS, type TemplateField } from '../../shared/dynamic-form';
import { lookupFields, type LookupDef } from '../../shared/lookups';
import { useI18n } from '../../services/i18n/react';

/** A name not yet taken in the template: the wanted one, else it with the first free number. */
function freeName(wanted: string, taken: Set<string>): string {
  if (!taken.has(wanted)) return wanted;
  let n = 2;
  while (taken.has(`${wanted}${n}`)) n += 1;
  return `${wanted}${n}`;
}

/**
 * The two fields a lookup gives a template: the magnifier holding the lookup's value, and a
 * text field its pick also fills with the row's text (the organisation's code and its name).
 */
export function lookupTemplateFields(lookup: LookupDef, taken: Set<string>): TemplateField[] {
  const label = (field: string) => lookupFields(lookup).find((f) => f.name === field)!.label;
  const valueName = freeName(lookup.value, taken);
  const textName = freeName(lookup.text, new Set([...taken, valueName]));
  return [
    { name: valueName, text: label(lookup.value)['zh-CN'], textEn: label(lookup.value)['en-US'], type: 'magnifier', lookup: lookup.code, fills: { [valueName]: lookup.value, [textName]: lookup.text } },
    { name: textName, text: label(lookup.text)['zh-CN'], textEn: label(lookup.text)['en-US'], type: 'text', max: 200 },
  ];
}

/** The field list with a lookup's two fields appended, or null when the text is not a list to append to. */
export function withLookupFields(text: string, lookup: LookupDef): string | null {
  let list: unknown;
  try {
    list = text.trim() === '' ? [] : JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(list)) return null;
  const taken = new Set(list.map((f) => (typeof f === 'object' && f !== null ? String((f as { name?: unknown }).name) : '')));
  return JSON.stringify([...list, ...lookupTemplateFields(lookup, taken)], null, 2);
}

/**
 * What the template editor offers for magnifiers: the lookups a template may name (in the
 * reader's language, with the fields their rows carry, which `fills` may name), and a button
 * that appends a magnifier of the chosen one with a text field its pick fills.
 */
/** `busy`: the template is being saved; the button waits (aria-disabled), keeping a focus it has. */
export function LookupOffer({ text, busy, onChange }: { text: string; busy: boolean; onChange: (text: string) => void }) {
  const { t, lang } = useI18n();
  const [code, setCode] = useState<string>(TEMPLATE_LOOKUPS[0]!.code);
  const lookup = TEMPLATE_LOOKUPS.find((l) => l.code === code)!;
  const next = withLookupFields(text, lookup);
  return (
    <Stack gap="1" data-testid="lookup-offer">
      <HStack gap="2" wrap="wrap">
        <NativeSelect.Root size="xs" width="auto" minW="48">
          <NativeSelect.Field aria-label={t('dynamic.admin.lookup')} value={code} onChange={(e) => setCode(e.currentTarget.value)} data-testid="lookup-offer-code">
            {TEMPLATE_LOOKUPS.map((l) => (
              <option key={l.code} value={l.code}>
                {l.code} · {l.label[lang as Language]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="xs" variant="outline" disabled={next === null} {...busyButton(busy, () => next !== null && onChange(next))} data-testid="lookup-offer-add">
          {t('dynamic.admin.addLookup')}
        </Button>
      </HStack>
      <Text fontSize="xs" color="fg.muted" data-testid="lookup-offer-fields">
        {t('dynamic.admin.lookupFields', { fields: lookupFields(lookup).map((f) => f.name).join(', ') })}
      </Text>
    </Stack>
  );
}
