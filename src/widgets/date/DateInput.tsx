import { lazy, Suspense } from 'react';
import { Input } from '@chakra-ui/react';
import { DATE_FORMAT } from '../../shared/constants';
import { typedInputAttributes } from './date-text';
import type { DateInputProps } from './CalendarDateInput';

export type { DateInputProps } from './CalendarDateInput';

const CalendarDateInput = lazy(() => import(/* webpackChunkName: "date-input" */ './CalendarDateInput').then((m) => ({ default: m.CalendarDateInput })));

/**
 * A date typed or picked as YYYY-MM-DD (docs/date-input.md). Its calendar (Zag's date picker,
 * about 31 kB gzip) loads with the first date a page shows, not with every page that might show
 * one; until it is in, the same text input stands in its place and already takes what is typed
 * (the value is the caller's, so nothing is lost when the calendar's version takes over).
 */
export function DateInput(props: DateInputProps) {
  return (
    <Suspense fallback={<TypedDate {...props} />}>
      <CalendarDateInput {...props} />
    </Suspense>
  );
}

/** The text input alone, as the calendar's version draws it (exported for the test that holds the two alike). */
export function TypedDate({ value, onChange, pattern = DATE_FORMAT, label: _label, min: _min, max: _max, size = 'sm', ...inputProps }: DateInputProps) {
  return (
    <Input
      size={size}
      {...typedInputAttributes(pattern)}
      {...inputProps}
      data-part="date-text"
      value={value}
      onChange={(e) => onChange({ currentTarget: { value: e.currentTarget.value } })}
    />
  );
}
