import { useMemo } from 'react';
import { DatePicker, Input, parseDate, type InputProps, type SystemStyleObject } from '@chakra-ui/react';
import { DATE_FORMAT } from '../../shared/constants';
import { useI18n } from '../../services/i18n/react';
import { dayOf, patternHint, withDay, type DatePattern } from './date-text';

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

/** The calendar's own labels, in the page's language (Zag's are English only). */
function useCalendarTranslations() {
  const { t } = useI18n();
  return useMemo(
    () => ({
      content: t('global.date.calendar'),
      dayCell: (day: { valueText: string; selected: boolean; unavailable: boolean }) =>
        t(day.unavailable ? 'global.date.dayUnavailable' : day.selected ? 'global.date.daySelected' : 'global.date.day', { date: day.valueText }),
      trigger: (open: boolean) => (open ? t('global.date.close') : t('global.date.pick')),
      prevTrigger: (view: string) => t(`global.date.previous.${view}`),
      nextTrigger: (view: string) => t(`global.date.next.${view}`),
      viewTrigger: (view: string) => t(`global.date.view.${view}`),
    }),
    [t],
  );
}

const asDay = (text: string | undefined) => {
  const day = text ? dayOf(text) : null;
  return day ? parseDate(day) : undefined;
};

/**
 * A date typed or picked, shown as YYYY-MM-DD in either language (widgets §9): the browser's own
 * date input writes its locale's order (11/29/2026 in English) and cannot be told otherwise.
 * The text is the value: what is typed stays as typed, and the form's own rules say when it is
 * not a date (query.rule.date, resource.error.date, the dynamic form's date rule), so a slip is
 * shown, never silently corrected. The calendar button opens Chakra's date picker on the typed
 * day (today when there is none); a pick writes the day, keeping a typed time.
 */
export function DateInput({ value, onChange, pattern = DATE_FORMAT, label, min, max, flex, minW, readOnly, disabled, size = 'sm', ...inputProps }: DateInputProps) {
  const { t, lang } = useI18n();
  const translations = useCalendarTranslations();
  const day = dayOf(value);
  const picked = useMemo(() => (day ? [parseDate(day)] : []), [day]);
  const bounds = useMemo(() => ({ min: asDay(min), max: asDay(max) }), [min, max]);
  const editable = !readOnly && !disabled;
  return (
    <DatePicker.Root
      size={size}
      flex={flex}
      minW={minW}
      value={picked}
      onValueChange={(d) => {
        const next = d.value[0];
        if (next) onChange({ currentTarget: { value: withDay(value, next.toString().slice(0, DATE_FORMAT.length), pattern) } });
      }}
      {...bounds}
      locale={lang}
      // Chinese calendars start on Monday; American ones on Sunday.
      startOfWeek={lang === 'zh-CN' ? 1 : 0}
      translations={translations}
      readOnly={readOnly}
      disabled={disabled}
      // Not portalled and fixed: inside a dialog or drawer the calendar stays within its focus
      // trap, and a scrolling form body does not clip it.
      positioning={{ strategy: 'fixed', placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
      data-part="date-input"
    >
      <DatePicker.Control>
        <Input
          size={size}
          autoComplete="off"
          inputMode="numeric"
          placeholder={patternHint(pattern)}
          maxLength={pattern.length}
          {...inputProps}
          // Zag writes its locale's text into every [data-part=input] of the control (a connect's
          // input getter names its inputs so): this one is ours and holds the text as typed.
          data-part="date-text"
          value={value}
          readOnly={readOnly}
          disabled={disabled}
          data-format={pattern}
          pe={editable ? '8' : undefined}
          onChange={(e) => onChange({ currentTarget: { value: e.currentTarget.value } })}
        />
        {editable && (
          <DatePicker.IndicatorGroup>
            <DatePicker.Trigger aria-label={label ? t('global.date.pickFor', { field: label }) : t('global.date.pick')} data-part="date-trigger">
              <CalendarIcon />
            </DatePicker.Trigger>
          </DatePicker.IndicatorGroup>
        )}
      </DatePicker.Control>
      <DatePicker.Positioner>
        <DatePicker.Content>
          <DatePicker.View view="day">
            <DatePicker.Header />
            <DatePicker.DayTable />
          </DatePicker.View>
          <DatePicker.View view="month">
            <DatePicker.Header />
            <DatePicker.MonthTable />
          </DatePicker.View>
          <DatePicker.View view="year">
            <DatePicker.Header />
            <DatePicker.YearTable />
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}

/** A calendar, drawn (an emoji needs a colour-emoji font many office machines lack). */
function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <line x1="3" y1="10" x2="21" y2="10" />
      <line x1="8" y1="3" x2="8" y2="7" />
      <line x1="16" y1="3" x2="16" y2="7" />
    </svg>
  );
}
