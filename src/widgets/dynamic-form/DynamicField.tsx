import { Box, Button, Checkbox, Field, HStack, Input, NativeSelect, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import type { Language } from '../../shared/constants';
import { fillsOf, isMultiple, templateLookupOf, valueFormatOf, type FieldValue, type Problem, type TemplateField } from '../../shared/dynamic-form';
import { RadioItems } from '../RadioItems';
import { useI18n } from '../../services/i18n/react';
import { LookupField } from '../lookup/LookupField';
import { DateInput } from '../date/DateInput';
import type { DatePattern } from '../date/date-text';
import { optionSourceKey, searchesRemotely } from './options';
import { useFieldOptions } from './use-field-options';
import type { FieldOptionsApi } from '../../machines/field-options.connect';

export interface DynamicControlProps {
  id: string;
  field: TemplateField;
  label: string;
  value: FieldValue;
  /** Number and amount fields: the text the input shows (an amount formatted after blur). */
  text: string;
  readOnly: boolean;
  invalid?: boolean;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
  /** In a query form: a choice offers "all" first. */
  filter?: boolean;
  /** The form's values: a magnifier shows the fields its lookup fills. */
  values?: Record<string, FieldValue>;
  /** A magnifier's pick: every field it fills (its own among them); without it only its own is set. */
  onFill?: (values: Record<string, FieldValue>) => void;
}

const asText = (value: FieldValue) => (value === null || Array.isArray(value) ? '' : String(value));
const asList = (value: FieldValue) => (Array.isArray(value) ? value : value === null || value === '' ? [] : [String(value)]);

/**
 * One control of a dynamic form, by the template field's type (widgets §3): text, textarea,
 * number, amount, date, dateTime, remoteselect, select, radio, checkbox, magnifier, file. The
 * same control draws a query form's extended filters. It holds no rule: the value goes up
 * through `onChange`, the blur through `onBlur`, and the caller's machine decides.
 */
export function DynamicControl(props: DynamicControlProps) {
  const { id, field, label, value, text, readOnly, onChange, onBlur } = props;
  const placeholder = field.placeholder ?? undefined;
  switch (field.type) {
    case 'textarea':
      return <Textarea id={id} size="sm" value={asText(value)} readOnly={readOnly} placeholder={placeholder} maxLength={field.max} onChange={(e) => onChange(e.currentTarget.value)} onBlur={onBlur} />;
    case 'number':
    case 'amount':
      return <Input id={id} size="sm" inputMode="decimal" textAlign={field.type === 'amount' ? 'right' : undefined} value={text} readOnly={readOnly} placeholder={placeholder} onChange={(e) => onChange(e.currentTarget.value)} onBlur={onBlur} data-type={field.type} />;
    case 'date':
    case 'dateTime':
      return <DateInput id={id} value={asText(value)} pattern={valueFormatOf(field) as DatePattern} label={label} readOnly={readOnly} onChange={(e) => onChange(e.currentTarget.value)} onBlur={onBlur} />;
    // Keyed by where the options come from: another source is another options machine.
    case 'select':
    case 'remoteselect':
      return <SelectControl key={optionSourceKey(field)} {...props} />;
    case 'radio':
      return props.filter ? <SelectControl key={optionSourceKey(field)} {...props} /> : <RadioControl key={optionSourceKey(field)} {...props} />;
    case 'checkbox':
      return props.filter ? <SelectControl key={optionSourceKey(field)} {...props} /> : <CheckboxControl key={optionSourceKey(field)} {...props} />;
    case 'magnifier':
      return <MagnifierControl {...props} />;
    case 'file':
      return <FileControl {...props} />;
    default:
      return <Input id={id} size="sm" value={asText(value)} readOnly={readOnly} placeholder={placeholder} maxLength={field.max} onChange={(e) => onChange(e.currentTarget.value)} onBlur={onBlur} data-type="text" />;
  }
}

function SelectControl({ id, field, value, readOnly, onChange, onBlur, filter }: DynamicControlProps) {
  const { t, lang } = useI18n();
  const optionsApi = useFieldOptions(field, lang as Language);
  const { options } = optionsApi;
  const multiple = !filter && isMultiple(field);
  // The same test the options machine searches by: a box it would ignore would swallow what is typed.
  const searchable = searchesRemotely(field) && !readOnly;
  return (
    <Stack gap="1" {...optionsApi.getRootProps()}>
      {searchable && <Input size="xs" {...optionsApi.getSearchProps()} placeholder={t('dynamic.magnifier.search')} aria-label={t('dynamic.magnifier.search')} />}
      <NativeSelect.Root size="sm" disabled={readOnly}>
        <NativeSelect.Field
          id={id}
          // The root's disabled does not reach the select inside a Field: say it on the select itself.
          {...{ disabled: readOnly }}
          multiple={multiple}
          value={multiple ? asList(value) : asText(value)}
          onChange={(e) => onChange(multiple ? [...e.currentTarget.selectedOptions].map((o) => o.value) : e.currentTarget.value)}
          onBlur={onBlur}
          data-type={field.type}
        >
          {!multiple && <option value="">{t(filter ? 'query.input.any' : 'dynamic.form.select')}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
          {/* A stored value the options no longer offer still shows. */}
          {asList(value)
            .filter((v) => !options.some((o) => o.value === v))
            .map((v) => (
              <option key={`kept-${v}`} value={v}>
                {v}
              </option>
            ))}
        </NativeSelect.Field>
        {!multiple && <NativeSelect.Indicator />}
      </NativeSelect.Root>
      <OptionsFailed api={optionsApi} />
    </Stack>
  );
}

/** A choice whose options could not be had says so beside it, with a retry: not an empty list that looks like "none". */
function OptionsFailed({ api }: { api: FieldOptionsApi }) {
  const { t } = useI18n();
  if (!api.failed) return null;
  return (
    <HStack gap="2" role="alert" data-testid="options-failed">
      <Text fontSize="xs" color="fg.error">
        {t('dynamic.form.optionsFailed', { message: api.failure ?? '' })}
      </Text>
      <Button size="2xs" variant="outline" {...api.getRetryProps()}>
        {t('global.retry')}
      </Button>
    </HStack>
  );
}

function RadioControl({ id, field, value, readOnly, onChange, onBlur }: DynamicControlProps) {
  const { lang } = useI18n();
  const optionsApi = useFieldOptions(field, lang as Language);
  const { options } = optionsApi;
  return (
    <Stack gap="1" {...optionsApi.getRootProps()}>
      <RadioGroup.Root id={id} size="sm" value={asText(value) || null} disabled={readOnly} onValueChange={(d) => onChange(d.value ?? null)} onBlur={onBlur} data-type="radio">
        <RadioItems choices={options} gap="4" minH="8" />
      </RadioGroup.Root>
      <OptionsFailed api={optionsApi} />
    </Stack>
  );
}

function CheckboxControl({ id, field, value, readOnly, onChange, onBlur }: DynamicControlProps) {
  const { lang } = useI18n();
  const optionsApi = useFieldOptions(field, lang as Language);
  const { options } = optionsApi;
  const chosen = asList(value);
  return (
    <Stack gap="1" {...optionsApi.getRootProps()}>
      <HStack id={id} gap="4" wrap="wrap" minH="8" onBlur={onBlur} data-type="checkbox" role="group">
        {options.map((o) => (
          <Checkbox.Root
            key={o.value}
            // Inside a Field each checkbox would take the field's one id: every label would tick the first.
            ids={{ root: `${id}-${o.value}`, hiddenInput: `${id}-${o.value}-input`, label: `${id}-${o.value}-label`, control: `${id}-${o.value}-control` }}
            size="sm"
            disabled={readOnly}
            checked={chosen.includes(o.value)}
            onCheckedChange={(d) => onChange(d.checked === true ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{o.text}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
      <OptionsFailed api={optionsApi} />
    </Stack>
  );
}

/**
 * A magnifier: the portal's lookup (src/widgets/lookup/, the magnifier machine) named by the
 * field's `lookup`; a pick writes every field of its `fills` through `onFill`. In a query form
 * it fills only its own filter (the form has no other fields of the template).
 */
function MagnifierControl({ id, field, label, value, readOnly, invalid, onChange, onBlur, filter, values, onFill }: DynamicControlProps) {
  const lookup = templateLookupOf(field);
  if (!lookup) return <Input id={id} size="sm" value={asText(value)} readOnly aria-label={label} data-type="magnifier" />;
  const all = fillsOf(field);
  const fills = filter ? { [field.name]: all[field.name] ?? lookup.value } : all;
  // The lookup writes text; an emptied field holds null, as every other cleared control does.
  const typed = (filled: Record<string, string>) => Object.fromEntries(Object.entries(filled).map(([k, v]) => [k, v === '' ? null : v]));
  return (
    <Box data-type="magnifier">
      <LookupField
        id={id}
        name={field.name}
        lookup={lookup.code}
        fills={fills}
        mode={field.ismuilte && lookup.modes.includes('multi') ? 'multi' : 'single'}
        values={{ ...values, [field.name]: value }}
        label={label}
        readOnly={readOnly}
        invalid={invalid}
        onFill={(filled) => {
          if (onFill && !filter) onFill(typed(filled));
          else onChange(typed(filled)[field.name] ?? null);
          // A pick or a clear is the field's blur: its rules run on what was written.
          onBlur();
        }}
      />
    </Box>
  );
}

/**
 * Attachments do not exist yet (no upload call): the field keeps the chosen files' names, so a
 * required file rule can be met and shown. When the attachment calls arrive (widgets §7
 * "Files"), the value becomes the uploaded files' ids (docs/dynamic-forms.md, "Gaps").
 */
function FileControl({ id, value, readOnly, onChange, onBlur }: DynamicControlProps) {
  const { t } = useI18n();
  const names = asList(value);
  return (
    <Stack gap="1">
      {!readOnly && (
        <Input
          id={id}
          size="sm"
          type="file"
          multiple
          onChange={(e) => onChange([...(e.currentTarget.files ?? [])].map((f) => f.name))}
          onBlur={onBlur}
          aria-describedby={`${id}-gap`}
          data-type="file"
        />
      )}
      {names.length > 0 && (
        <Box as="ul" pl="4" fontSize="sm">
          {names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </Box>
      )}
      {!readOnly && (
        <Text id={`${id}-gap`} fontSize="xs" color="fg.muted">
          {t('dynamic.form.filesGap')}
        </Text>
      )}
    </Stack>
  );
}

/** A labelled field of a dynamic form: the control, its required mark and its problem in the reader's language. */
export function DynamicFieldRow({
  control,
  required,
  problem,
  labelWidth,
}: {
  control: DynamicControlProps;
  required: boolean;
  problem: Problem | null;
  labelWidth: number;
}) {
  const { t } = useI18n();
  return (
    <Field.Root invalid={problem !== null} required={required} orientation={{ base: 'vertical', md: 'horizontal' }} data-part="field" data-name={control.field.name} data-state={problem ? 'invalid' : 'valid'} alignItems="flex-start">
      <Field.Label htmlFor={control.id} flexShrink={0} width={{ md: `${labelWidth}px` }} justifyContent={{ md: 'flex-end' }} textAlign={{ md: 'right' }} pt={{ md: '1.5' }}>
        {control.label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Box flex="1" minW="0">
        <DynamicControl {...control} invalid={problem !== null} />
        {problem && <Field.ErrorText data-testid="field-problem">{problem.message ?? t(problem.key, problem.params)}</Field.ErrorText>}
      </Box>
    </Field.Root>
  );
}
