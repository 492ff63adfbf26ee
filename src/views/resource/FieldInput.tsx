import { use } from 'react';
import { Box, Checkbox, Field, Input, NativeSelect } from '@chakra-ui/react';
import { FORM_DEFAULT_LABEL_WIDTH } from '../../shared/constants';
import type { FieldDef } from '../../resources/define';
import type { FieldValue } from '../../machines/record-form.machine';
import { dictionaryOptions } from '../../services/dictionaries';
import { useI18n } from '../../services/i18n/react';
import type { FieldProblem } from '../../services/resource-form';
import { DateInput } from '../../widgets/date/DateInput';
import { LookupField } from '../../widgets/lookup/LookupField';
import { ScrollSelectField } from '../../widgets/scroll-select/ScrollSelectField';
import { ChoiceField } from './ChoiceField';
import { DictionaryBoundary } from '../../widgets/DictionaryBoundary';

/** Ours: an input beside its label is never narrower than this. */
const INPUT_MIN_WIDTH = 180;

export interface FieldInputProps {
  name: string;
  def: FieldDef;
  value: FieldValue;
  error: FieldProblem | null;
  readOnly: boolean;
  onChange: (value: FieldValue) => void;
  onBlur?: () => void;
  labelWidth: number;
  /** 'vertical': the label above the input (the vertical form of widgets §2). */
  orientation?: 'horizontal' | 'vertical';
  /** A lookup field's pick: every field it fills (docs/lookups.md); without it only this field is set. */
  onFill?: (values: Record<string, FieldValue>) => void;
  /** The form's values: a scroll dropdown that depends on another field (a city on its province) reads them. */
  values?: Record<string, FieldValue>;
  /** A `choiceBy` field: the label of the field it follows ("choose the kind of data first"). */
  followedLabel?: string;
  /** A `choiceBy` field with a dictionary family: the dictionary of the field it follows (its values name the family's members). */
  followedDict?: string;
  /** A text input's placeholder in place of the definition's. */
  placeholder?: string;
}

function DictionarySelect({ name, def, value, readOnly, onChange, label }: FieldInputProps & { label: string }) {
  const { t, lang } = useI18n();
  const options = use(dictionaryOptions(def.dict!, lang));
  return (
    <NativeSelect.Root size="sm" disabled={readOnly}>
      {/* Disabled on the select itself: the Root takes the surrounding Field's (never disabled)
          state over its own prop, and Chakra's Field props leave `disabled` out of their type. */}
      <NativeSelect.Field id={`field-${name}`} aria-label={label} value={String(value)} {...{ disabled: readOnly }} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{t('resource.form.choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.text}</option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * One field of a resource's form, drawn from its definition: text, number, date, dictionary or
 * yes/no; the label in the reader's language beside it (portal-shell §9 label widths), the
 * problem under it. Bounds come from the definition, the same the server enforces.
 */
export function FieldInput(props: FieldInputProps) {
  if (props.def.choiceBy) return <ChoiceField {...props} />;
  return <PlainFieldInput {...props} />;
}

function PlainFieldInput(props: FieldInputProps) {
  const { t, lang } = useI18n();
  const { name, def, value, error, readOnly, onChange, onBlur, labelWidth, orientation = 'horizontal' } = props;
  const horizontal = orientation === 'horizontal';
  const label = def.label[lang];
  const id = `field-${name}`;
  const control = def.lookup ? (
    <LookupField id={id} name={name} lookup={def.lookup} fills={def.fills ?? {}} values={props.values ?? { [name]: value }} onFill={(filled) => (props.onFill ? props.onFill(filled) : onChange(filled[name] ?? ''))} label={label} readOnly={readOnly} invalid={Boolean(error)} autoSelect={def.autoSelect} />
  ) :
    def.scroll ? (
      <ScrollSelectField name={name} def={def} value={String(value ?? '')} onChange={onChange} values={props.values} readOnly={readOnly} invalid={Boolean(error)} />
    ) : def.type === 'bool' ? (
      <Checkbox.Root checked={value === true} disabled={readOnly} onCheckedChange={(d) => onChange(d.checked === true)}>
        <Checkbox.HiddenInput id={id} />
        <Checkbox.Control />
      </Checkbox.Root>
    ) : def.dict ? (
      <DictionaryBoundary types={[def.dict]} lang={lang}>
        <DictionarySelect {...props} label={label} />
      </DictionaryBoundary>
    ) : def.type === 'date' ? (
      <DateInput id={id} value={String(value)} label={label} readOnly={readOnly} onChange={(e) => onChange(e.currentTarget.value)} onBlur={onBlur} />
    ) : (
      <Input
        id={id}
        size="sm"
        value={String(value)}
        readOnly={readOnly}
        inputMode={def.type === 'int' ? 'numeric' : def.type === 'decimal' ? 'decimal' : undefined}
        maxLength={def.type === 'text' ? def.max : undefined}
        placeholder={props.placeholder ?? (def.ruleCode ? t('resource.form.generated') : undefined)}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
      />
    );
  return (
    <Field.Root invalid={Boolean(error)} required={def.required && !def.ruleCode} orientation={horizontal ? { base: 'vertical', md: 'horizontal' } : 'vertical'} data-field={name}>
      <Field.Label htmlFor={id} {...(horizontal ? { flexShrink: 1, minWidth: { md: `${FORM_DEFAULT_LABEL_WIDTH}px` }, flexBasis: { md: `${labelWidth}px` }, width: { md: `${labelWidth}px` }, justifyContent: { md: 'flex-end' }, textAlign: { md: 'right' } } : {})}>
        {label}
        {def.required && !def.ruleCode && <Field.RequiredIndicator />}
      </Field.Label>
      {/* Beside its label the input keeps at least INPUT_MIN_WIDTH and the label gives way down to
          the default label width; above its label (phones, vertical forms) it takes the row. */}
      <Box minWidth="0" {...(horizontal ? { flex: { base: 'none', md: `1 0 ${INPUT_MIN_WIDTH}px` }, width: { base: '100%', md: 'auto' } } : { width: '100%' })}>
        {control}
        {error && <Field.ErrorText>{t(error.key, error.params)}</Field.ErrorText>}
      </Box>
    </Field.Root>
  );
}
