import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_FULL_FORMAT } from '../../shared/constants';
import { isDateText } from '../../shared/date-format';

/** The patterns a date input is typed in (widgets §9): a date, or a date with minutes or seconds. */
export type DatePattern = typeof DATE_FORMAT | typeof DATE_TIME_FORMAT | typeof DATE_TIME_FULL_FORMAT;

const DAY_LENGTH = DATE_FORMAT.length;

/** The pattern as the input's placeholder shows it: `YYYY-MM-DD HH:mm`, the letters users know. */
export function patternHint(pattern: DatePattern): string {
  return pattern.replace('yyyy', 'YYYY').replace('dd', 'DD');
}

/** The day a typed text starts with (`2026-11-29` of `2026-11-29 09:30`), or null when it starts with none. */
export function dayOf(text: string): string | null {
  const day = text.trim().slice(0, DAY_LENGTH);
  return isDateText(day) ? day : null;
}

/**
 * The text once a day is picked on the calendar: that day, and for a date-time the time already
 * typed after the old day (midnight when there is none), so a pick never takes away a typed time.
 */
export function withDay(text: string, day: string, pattern: DatePattern): string {
  if (pattern === DATE_FORMAT) return day;
  const midnight = pattern === DATE_TIME_FULL_FORMAT ? '00:00:00' : '00:00';
  const time = text.trim().slice(DAY_LENGTH).trim();
  return `${day} ${time || midnight}`;
}
