import { Suspense, use } from 'react';
import { useFollowedReset } from '../useFollowedReset';
import { Skeleton, Text } from '@chakra-ui/react';
import type { FieldDef } from '../../resources/define';
import { isOfferedSource } from '../../services/api/scroll';
import { useI18n } from '../../services/i18n/react';
import { missingParams, paramsOf } from '../../resources/scroll-fields';
import { SCROLL_SOURCES } from '../../shared/scroll-sources';
import { ScrollSelect } from './ScrollSelect';
import { scrollLocale } from './locale';

export interface ScrollSelectFieldProps {
  name: string;
  def: FieldDef;
  value: string;
  onChange: (value: string) => void;
  /** The form's values: a dependent field reads the fields it needs (the city its province). */
  values?: Record<string, unknown>;
  readOnly: boolean;
  invalid: boolean;
}

/**
 * A resource form's field drawn as a scroll dropdown (FieldInput draws it when the definition
 * names a `scroll` source). A dependent field (the city of a province and city pair) stays
 * closed until the fields it needs are set, and empties itself when one of them changes while
 * it did not (a draft or record applying both at once keeps both); holding a value without
 * them it says so (widgets §5), as the server refuses it.
 */
export function ScrollSelectField(props: ScrollSelectFieldProps) {
  return (
    <Suspense fallback={<Skeleton height="8" />}>
      <FieldBody {...props} />
    </Suspense>
  );
}

/** What a missing field is called: the source whose value it holds (provinceCode → province). */
function sourceOfField(def: FieldDef, field: string): string {
  const param = Object.entries(def.scrollParams ?? {}).find(([, f]) => f === field)?.[0] ?? field;
  return Object.entries(SCROLL_SOURCES).find(([, s]) => s.value === param)?.[0] ?? 'value';
}

function FieldBody({ name, def, value, onChange, values = {}, readOnly, invalid }: ScrollSelectFieldProps) {
  const { t, lang } = useI18n();
  use(scrollLocale(lang));
  const labelOf = (field: string) => t(`scroll.source.${sourceOfField(def, field)}`);
  const params = paramsOf(def, values);
  const missing = missingParams(def, values);
  const paramsKey = JSON.stringify(params);
  useFollowedReset(paramsKey, value, onChange);
  if (!def.scroll || !isOfferedSource(def.scroll)) return null;
  const waiting = missing.length > 0;
  const label = def.label[lang];
  return (
    <>
      <ScrollSelect
        source={def.scroll}
        id={`field-${name}`}
        label={label}
        value={value}
        params={params}
        onChange={(item) => onChange(item?.value ?? '')}
        readOnly={readOnly}
        disabled={!readOnly && waiting}
        invalid={invalid || (waiting && value !== '')}
        placeholder={waiting ? t('scroll.needsFirst', { field: labelOf(missing[0]!) }) : undefined}
        testId={`scroll-${name}`}
      />
      {waiting && value !== '' && (
        <Text fontSize="xs" color="fg.error" role="alert" data-part="needs" data-testid={`scroll-needs-${name}`}>
          {t('scroll.needsValue', { field: label, other: labelOf(missing[0]!) })}
        </Text>
      )}
    </>
  );
}
