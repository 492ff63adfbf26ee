import { useEffect, useMemo, useRef } from 'react';
import { DatePicker, parseDate } from '@chakra-ui/react';
import { DATE_FORMAT } from '../../shared/constants';
import { useI18n } from '../../services/i18n/react';
import { dayOf, withDay } from './date-text';
import { CalendarIcon } from './CalendarIcon';
import { DateText, pickLabel, type DateInputProps } from './date-field';

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
 * DateInput (./DateInput.tsx) with Chakra's date picker: its own chunk, mounted in place of the
 * plain field when the user first asks for the calendar, which it then opens (`openOnMount`).
 * The calendar button opens the picker on the typed day (today when there is none); a pick
 * writes the day, keeping a typed time.
 */
export default function CalendarDateInput({ value, onChange, pattern = DATE_FORMAT, label, min, max, flex, minW, readOnly, disabled, size = 'sm', openOnMount = false, ...inputProps }: DateInputProps & { openOnMount?: boolean }) {
  const { t, lang } = useI18n();
  const translations = useCalendarTranslations();
  const trigger = useRef<HTMLButtonElement>(null);
  // Asked for by the plain field's button, which this one replaces: the keyboard moves to this
  // button, and the press opens the calendar as a press of it would.
  useEffect(() => {
    if (!openOnMount) return;
    trigger.current?.focus();
    trigger.current?.click();
  }, [openOnMount]);
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
        <DateText size={size} pattern={pattern} value={value} onChange={onChange} readOnly={readOnly} disabled={disabled} inputProps={inputProps} />
        {editable && (
          <DatePicker.IndicatorGroup>
            <DatePicker.Trigger ref={trigger} aria-label={pickLabel(t, label)} data-part="date-trigger">
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
