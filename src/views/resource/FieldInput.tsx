import { Suspense, use } from 'react';
import { Checkbox, Field, Input, NativeSelect, Skeleton } from '@chakra-ui/react';
import type { FieldDef } from '../../resources/define';
import type { FieldValue } from '../../machines/record-form.machine';
import { dictionaryOptions } from '../../services/dictionaries';
import { useI18n } from '../../services/i18n/react';
import type { FieldProblem } from '../../services/resource-form';

export interface FieldInputProps {
  name: string;
  def: FieldDef;
  value: FieldValue;
  error: FieldProblem | null;
  readOnly: boolean;
  onChange: (value: FieldValue) => void;
  onBlur?: () => void;
  labelWidth: number;
}

function DictionarySelect({ name, def, value, readOnly, onChange, label }: FieldInputProps & { label: string }) {
  const { t, lang } = useI18n();
  const options = use(dictionaryOptions(def.dict!, lang));
  return (
    <NativeSelect.Root size="sm" disabled={readOnly}>
      <NativeSelect.Field id={`field-${name}`} aria-label={label} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)}>
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
  const { t, lang } = useI18n();
  const { name, def, value, error, readOnly, onChange, onBlur, labelWidth } = props;
  const label = def.label[lang];
  const id = `field-${name}`;
  const control =
    def.type === 'bool' ? (
      <Checkbox.Root checked={value === true} disabled={readOnly} onCheckedChange={(d) => onChange(d.checked === true)}>
        <Checkbox.HiddenInput id={id} />
        <Checkbox.Control />
      </Checkbox.Root>
    ) : def.dict ? (
      <Suspense fallback={<Skeleton height="8" />}>
        <DictionarySelect {...props} label={label} />
      </Suspense>
    ) : (
      <Input
        id={id}
        size="sm"
        value={String(value)}
        readOnly={readOnly}
        type={def.type === 'date' ? 'date' : 'text'}
        inputMode={def.type === 'int' ? 'numeric' : def.type === 'decimal' ? 'decimal' : undefined}
        maxLength={def.type === 'text' ? def.max : undefined}
        placeholder={def.ruleCode ? t('resource.form.generated') : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
      />
    );
  return (
    <Field.Root invalid={Boolean(error)} required={def.required && !def.ruleCode} orientation={{ base: 'vertical', md: 'horizontal' }} data-field={name}>
      <Field.Label htmlFor={id} flexShrink={0} width={{ md: `${labelWidth}px` }} justifyContent={{ md: 'flex-end' }} textAlign={{ md: 'right' }}>
        {label}
        {def.required && !def.ruleCode && <Field.RequiredIndicator />}
      </Field.Label>
      <div style={{ flex: 1, minWidth: 0 }}>
        {control}
        {error && <Field.ErrorText>{t(error.key, error.params)}</Field.ErrorText>}
      </div>
    </Field.Root>
  );
}
