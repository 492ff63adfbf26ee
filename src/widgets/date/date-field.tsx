import { Input, type InputProps, type SystemStyleObject } from '@chakra-ui/react';
import { patternHint, type DatePattern } from './date-text';

/** What the date field's two versions share (DateInput.tsx draws it plain, CalendarDateInput.tsx with the picker). */
export interface DateInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'min' | 'max' | 'pattern' | 'size'> {
  size?: 'xs' | 'sm' | 'md';
  /** The text as typed: a date (or date-time) in `pattern` when complete, anything while it is typed. */
  value: string;
  /** The typed text, or the one a calendar pick made; shaped as an input's change event, so a connect's getter fits. */
  onChange: (event: { currentTarget: { value: string } }) => void;
  /** What the text is: a date (the default) or a date and time (widgets §9). */
  pattern?: DatePattern;
  /** The field's name, for the calendar button's label when the page has more than one date. */
  label?: string;
  /** The first and last days the calendar offers (yyyy-MM-dd); typing is checked by the form's rules. */
  min?: string;
  max?: string;
  /** The root's share of a row (a range's two ends). */
  flex?: SystemStyleObject['flex'];
  minW?: SystemStyleObject['minWidth'];
}

/** The calendar button's name, naming the field when the page has more than one date. */
export const pickLabel = (t: (key: string, params?: Record<string, unknown>) => string, label?: string) => (label ? t('global.date.pickFor', { field: label }) : t('global.date.pick'));

/** The text input both versions of the field draw: the text as typed is the value. */
export function DateText({ size, pattern, value, onChange, readOnly, disabled, inputProps }: Required<Pick<DateInputProps, 'size' | 'pattern'>> & Pick<DateInputProps, 'value' | 'onChange' | 'readOnly' | 'disabled'> & { inputProps: InputProps }) {
  return (
    <Input
      size={size}
      autoComplete="off"
      inputMode="numeric"
      placeholder={patternHint(pattern)}
      maxLength={pattern.length}
      {...inputProps}
      // Zag writes its locale's text into every [data-part=input] of the date picker's control (a
      // connect's input getter names its inputs so): this one is ours and holds the text as typed.
      data-part="date-text"
      value={value}
      readOnly={readOnly}
      disabled={disabled}
      data-format={pattern}
      pe={!readOnly && !disabled ? '8' : undefined}
      onChange={(e) => onChange({ currentTarget: { value: e.currentTarget.value } })}
    />
  );
}
