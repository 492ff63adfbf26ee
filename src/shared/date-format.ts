import { format, isValid, subDays, subMonths } from 'date-fns';
import {
  DATE_FORMAT,
  DATE_RANGE_SHORTCUT_SPAN,
  DATE_TIME_FORMAT,
  DATE_TIME_FULL_FORMAT,
  type DateRangeShortcut,
} from './constants';

/**
 * Date and date-time formats of widgets §9 (date-fns 4, local time): DATE_FORMAT (yyyy-MM-dd),
 * DATE_TIME_FORMAT (yyyy-MM-dd HH:mm, the short and medium forms) and DATE_TIME_FULL_FORMAT
 * (with seconds); parsing is strict (the text must be exactly what formatting would write, so
 * "2024-02-30" and "2024-2-3" are refused); and the date-range shortcuts, a pure function of
 * the `now` the caller passes.
 *
 * Refusals throw an Error whose message is INVALID_DATE, like the amount helper's NOT_A_NUMBER.
 *
 * Every date or time shown as text goes through here, never the browser's toLocaleString (its
 * shape follows the language: "2026/11/29 14:13:16", "11/29/2026, 2:13:16 PM"). The spec names
 * no place for the full form; the portal uses it where a list stamps records or events that can
 * fall within one minute (a resource's created and updated columns, saved forms and templates,
 * the outbox, online users, a restored draft) and the short form elsewhere (reminders, export
 * jobs, a lock's end, a QR login request, approvals, to-dos, the watermark).
 */

export const INVALID_DATE = 'date is not a valid date';

export type DateInput = Date | number | string;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : typeof value === 'number' || typeof value === 'string' ? new Date(value) : new Date(NaN);
  if (!isValid(date)) throw new Error(INVALID_DATE);
  return date;
}

/** `formatDate(new Date(2024, 0, 5))` → "2024-01-05". A number or string goes through `new Date`. */
export function formatDate(value: DateInput): string {
  return format(toDate(value), DATE_FORMAT);
}

/** "2024-01-05 09:07". */
export function formatDateTime(value: DateInput): string {
  return format(toDate(value), DATE_TIME_FORMAT);
}

/** "2024-01-05 09:07:03". */
export function formatDateTimeFull(value: DateInput): string {
  return format(toDate(value), DATE_TIME_FULL_FORMAT);
}

/** For a cell or a read-only field: empty for no value, else the date (throws on an invalid one). */
export function dateText(value: DateInput | null | undefined, pattern: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  return format(toDate(value), pattern);
}

/**
 * The fields the three patterns are made of, each a fixed number of digits. Reading them here
 * rather than with date-fns's `parse` keeps its parser (20 kB) off the shell's first screen,
 * which formats dates but reads none (issue 16); the round trip through `format` below is what
 * makes the reading strict, as before.
 */
const FIELD_DIGITS: Record<string, number> = { yyyy: 4, MM: 2, dd: 2, HH: 2, mm: 2, ss: 2 };
const FIELD = /yyyy|MM|dd|HH|mm|ss/g;

function strictParse(text: string, pattern: string): Date {
  if (typeof text !== 'string') throw new Error(INVALID_DATE);
  const trimmed = text.trim();
  const fields: string[] = pattern.match(FIELD) ?? [];
  const shape = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(FIELD, (f) => `(\\d{${FIELD_DIGITS[f]}})`)}$`);
  const found = shape.exec(trimmed);
  if (!found) throw new Error(INVALID_DATE);
  const value = (field: string, otherwise: number) => (fields.includes(field) ? Number(found[fields.indexOf(field) + 1]) : otherwise);
  const date = new Date(value('yyyy', 2000), value('MM', 1) - 1, value('dd', 1), value('HH', 0), value('mm', 0), value('ss', 0));
  if (!isValid(date) || format(date, pattern) !== trimmed) throw new Error(INVALID_DATE);
  return date;
}

/** "2024-01-05" → that day at local midnight. */
export function parseDate(text: string): Date {
  return strictParse(text, DATE_FORMAT);
}

/** "2024-01-05 09:07" → that minute, local time. */
export function parseDateTime(text: string): Date {
  return strictParse(text, DATE_TIME_FORMAT);
}

/** "2024-01-05 09:07:03" → that second, local time. */
export function parseDateTimeFull(text: string): Date {
  return strictParse(text, DATE_TIME_FULL_FORMAT);
}

/** A test that a value is a text `parse` reads. */
const readBy =
  (parse: (text: string) => Date) =>
  (text: unknown): text is string => {
    if (typeof text !== 'string') return false;
    try {
      parse(text);
      return true;
    } catch {
      return false;
    }
  };

/** True when the text is a date as DATE_FORMAT writes it. */
export const isDateText = readBy(parseDate);

/** True when the text is a minute as DATE_TIME_FORMAT writes it. */
export const isDateTimeText = readBy(parseDateTime);

/** yyyy-MM-dd naming a real day: the one check of a date text the browser, the import, the export and the server's writes and filters share (years below 100 are refused: Date.UTC reads them as 19xx). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export interface DateRange {
  from: string;
  to: string;
}

/**
 * The range a date-range shortcut stands for, both ends as yyyy-MM-dd and both inclusive; `to`
 * is always today (the day of `now`, local time).
 * - today: today … today.
 * - last7Days: seven days counting today, so today − 6 days … today.
 * - lastNMonth(s): the same day N months ago … today (date-fns subMonths: from 31 March one
 *   month back is 29 February in a leap year, the last day of the shorter month).
 */
export function dateRangeFor(shortcut: DateRangeShortcut, now: DateInput): DateRange {
  const today = toDate(now);
  const span = DATE_RANGE_SHORTCUT_SPAN[shortcut];
  if (!span) throw new Error(`unknown date range shortcut: ${String(shortcut)}`);
  const from = 'days' in span ? subDays(today, span.days - 1) : subMonths(today, span.months);
  return { from: format(from, DATE_FORMAT), to: format(today, DATE_FORMAT) };
}
