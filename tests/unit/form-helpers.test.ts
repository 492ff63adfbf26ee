/**
 * Form helpers of widgets §5 and §9 (issue 11 point 8): the Chinese capital amount, the date
 * and date-time formats, and the date-range shortcuts. Pure functions: `now` is passed in.
 */
import { describe, expect, it } from '@jest/globals';
import { capitalAmount, CAPITAL_AMOUNT_TOO_LARGE, CAPITAL_AMOUNT_TOO_PRECISE } from '../../src/shared/capital-amount';
import { DATE_RANGE_SHORTCUTS, DATE_TIME_FORMAT, DATE_TIME_FULL_FORMAT } from '../../src/shared/constants';
import {
  INVALID_DATE,
  dateRangeFor,
  dateText,
  formatDate,
  formatDateTime,
  formatDateTimeFull,
  isDateText,
  isDateTimeText,
  parseDate,
  parseDateTime,
  parseDateTimeFull,
} from '../../src/shared/date-format';
import { NOT_A_NUMBER, formatAmount } from '../../src/shared/format-amount';

describe('capitalAmount', () => {
  it.each<[number | string, string]>([
    [0, '零元整'],
    ['0.00', '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [15, '壹拾伍元整'],
    [101, '壹佰零壹元整'],
    [110, '壹佰壹拾元整'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [10000, '壹万元整'],
    [100000, '壹拾万元整'],
    [100001, '壹拾万零壹元整'],
    [1000100, '壹佰万零壹佰元整'],
    [10010.05, '壹万零壹拾元零伍分'],
    [0.5, '伍角'],
    [0.05, '伍分'],
    ['0.0005', '伍毫'],
    [1.05, '壹元零伍分'],
    ['1.0005', '壹元零伍毫'],
    ['1.1005', '壹元壹角零伍毫'],
    ['1.1234', '壹元壹角贰分叁厘肆毫'],
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    [100000000, '壹亿元整'],
    [100010000, '壹亿零壹万元整'],
    [1000000001, '壹拾亿零壹元整'],
    [110000000, '壹亿壹仟万元整'],
    [100000001, '壹亿零壹元整'],
    [1e12, '壹万亿元整'],
    [1e13, '壹拾万亿元整'],
    [10000100, '壹仟万零壹佰元整'],
    [20300400.06, '贰仟零叁拾万零肆佰元零陆分'],
    [1000100000000, '壹万零壹亿元整'],
    [1000000010000, '壹万亿零壹万元整'],
    [1234567890123, '壹万贰仟叁佰肆拾伍亿陆仟柒佰捌拾玖万零壹佰贰拾叁元整'],
    ['9999999999999999.9999', '玖仟玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖厘玖毫'],
    ['1,234.50', '壹仟贰佰叁拾肆元伍角'],
    ['1,234,567', '壹佰贰拾叁万肆仟伍佰陆拾柒元整'],
    [' 12.30 ', '壹拾贰元叁角'],
    ['1.50000', '壹元伍角'],
    ['1.5e3', '壹仟伍佰元整'],
    ['.5', '伍角'],
    [-12.3, '负壹拾贰元叁角'],
    ['-0.05', '负伍分'],
    ['-0', '零元整'],
    ['+7', '柒元整'],
  ])('%p → %s', (value, expected) => {
    expect(capitalAmount(value)).toBe(expected);
  });

  it('works from the decimal text, not float sums', () => {
    // 0.1 + 0.2 is 0.30000000000000004: more than four decimals, refused rather than rounded.
    expect(() => capitalAmount(0.1 + 0.2)).toThrow(CAPITAL_AMOUNT_TOO_PRECISE);
    expect(capitalAmount('0.3')).toBe('叁角');
  });

  it.each<[unknown, string]>([
    [1e16, CAPITAL_AMOUNT_TOO_LARGE],
    ['10000000000000000', CAPITAL_AMOUNT_TOO_LARGE],
    ['-10000000000000000', CAPITAL_AMOUNT_TOO_LARGE],
    ['1e400', CAPITAL_AMOUNT_TOO_LARGE],
    ['1.23456', CAPITAL_AMOUNT_TOO_PRECISE],
    [0.00001, CAPITAL_AMOUNT_TOO_PRECISE],
    ['abc', NOT_A_NUMBER],
    ['', NOT_A_NUMBER],
    ['.', NOT_A_NUMBER],
    ['1,23', NOT_A_NUMBER],
    ['1.2.3', NOT_A_NUMBER],
    [NaN, NOT_A_NUMBER],
    [Infinity, NOT_A_NUMBER],
    [null, NOT_A_NUMBER],
    [undefined, NOT_A_NUMBER],
    [{}, NOT_A_NUMBER],
  ])('refuses %p with "%s"', (value, message) => {
    expect(() => capitalAmount(value as number)).toThrow(new Error(message));
  });
});

describe('amount helper reused', () => {
  it('formats with two decimals and refuses non-numbers with the spec message', () => {
    expect(formatAmount('1234567.891', 'zh-CN')).toBe('1,234,567.89');
    expect(() => formatAmount('abc', 'en-US')).toThrow(NOT_A_NUMBER);
  });
});

describe('date formats', () => {
  const moment = new Date(2024, 0, 5, 9, 7, 3); // local time: the formats are local

  it('writes date, date-time and full date-time', () => {
    expect(formatDate(moment)).toBe('2024-01-05');
    expect(formatDateTime(moment)).toBe('2024-01-05 09:07');
    expect(formatDateTimeFull(moment)).toBe('2024-01-05 09:07:03');
    expect(formatDate(moment.getTime())).toBe('2024-01-05');
    expect(dateText(null)).toBe('');
    expect(dateText(moment)).toBe('2024-01-05');
  });

  it('writes a server time (ISO, UTC) in the user’s local time, not in UTC and not by the language', () => {
    // The machine's own zone: what the browser shows is its user's clock. Read back with the
    // Date getters, not with date-fns, so the check does not lean on what it checks.
    const iso = '2026-11-29T06:13:16.000Z';
    const at = new Date(iso);
    const two = (n: number) => String(n).padStart(2, '0');
    const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
    expect(formatDateTime(iso)).toBe(`${day} ${two(at.getHours())}:${two(at.getMinutes())}`);
    expect(formatDateTimeFull(iso)).toBe(`${day} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`);
    expect(formatDate(iso)).toBe(day);
    // Never the locale's shape ("2026/11/29 14:13:16", "11/29/2026, 2:13:16 PM").
    expect(formatDateTimeFull(iso)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('pads every field, midnight and single digits included', () => {
    const early = new Date(2027, 2, 4, 0, 5, 9);
    expect(formatDateTime(early)).toBe('2027-03-04 00:05');
    expect(formatDateTimeFull(early)).toBe('2027-03-04 00:05:09');
    expect(formatDate(early)).toBe('2027-03-04');
  });

  it('writes a nullable time as the text of the pattern asked for, empty when there is none', () => {
    const iso = new Date(2026, 10, 29, 14, 13, 16).toISOString();
    expect(dateText(iso, DATE_TIME_FORMAT)).toBe('2026-11-29 14:13');
    expect(dateText(iso, DATE_TIME_FULL_FORMAT)).toBe('2026-11-29 14:13:16');
    expect(dateText(null, DATE_TIME_FORMAT)).toBe('');
    expect(dateText(undefined, DATE_TIME_FORMAT)).toBe('');
    expect(dateText('', DATE_TIME_FORMAT)).toBe('');
  });

  it('refuses invalid dates when formatting', () => {
    expect(() => formatDate(new Date(NaN))).toThrow(new Error(INVALID_DATE));
    expect(() => formatDateTime('not a date')).toThrow(new Error(INVALID_DATE));
    expect(() => formatDateTimeFull(NaN)).toThrow(new Error(INVALID_DATE));
  });

  it('parses exactly what it writes', () => {
    expect(parseDate('2024-01-05')).toEqual(new Date(2024, 0, 5));
    expect(parseDateTime('2024-01-05 09:07')).toEqual(new Date(2024, 0, 5, 9, 7));
    expect(parseDateTimeFull('2024-01-05 09:07:03')).toEqual(moment);
    expect(parseDate('2024-02-29')).toEqual(new Date(2024, 1, 29));
    expect(isDateText('2024-12-31')).toBe(true);
  });

  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '2024-1-5', '05/01/2024', '', 'abc', '2024-01-05 09:07'])(
    'refuses the date %p',
    (text) => {
      expect(() => parseDate(text)).toThrow(new Error(INVALID_DATE));
      expect(isDateText(text)).toBe(false);
    },
  );

  it('refuses invalid date-times', () => {
    expect([isDateTimeText('2024-01-05 09:07'), isDateTimeText('2024-01-05 24:00'), isDateTimeText('2024-01-05T09:07'), isDateTimeText(null)]).toEqual([true, false, false, false]);
    expect(() => parseDateTime('2024-01-05 24:00')).toThrow(new Error(INVALID_DATE));
    expect(() => parseDateTime('2024-01-05')).toThrow(new Error(INVALID_DATE));
    expect(() => parseDateTimeFull('2024-01-05 09:07:60')).toThrow(new Error(INVALID_DATE));
  });
});

describe('date-range shortcuts', () => {
  const now = new Date(2024, 4, 15, 16, 30); // 15 May 2024, afternoon

  it('offers today, last 7 days, 1, 3, 6 and 12 months', () => {
    expect(DATE_RANGE_SHORTCUTS).toEqual(['today', 'last7Days', 'last1Month', 'last3Months', 'last6Months', 'last12Months']);
  });

  it.each([
    ['today', '2024-05-15'],
    ['last7Days', '2024-05-09'],
    ['last1Month', '2024-04-15'],
    ['last3Months', '2024-02-15'],
    ['last6Months', '2023-11-15'],
    ['last12Months', '2023-05-15'],
  ] as const)('%s runs from %s to today', (shortcut, from) => {
    expect(dateRangeFor(shortcut, now)).toEqual({ from, to: '2024-05-15' });
  });

  it('crosses month and year ends and clamps to the shorter month', () => {
    expect(dateRangeFor('last7Days', new Date(2024, 0, 3))).toEqual({ from: '2023-12-28', to: '2024-01-03' });
    expect(dateRangeFor('last1Month', new Date(2024, 2, 31))).toEqual({ from: '2024-02-29', to: '2024-03-31' });
    expect(dateRangeFor('last3Months', new Date(2023, 4, 31))).toEqual({ from: '2023-02-28', to: '2023-05-31' });
    expect(dateRangeFor('last12Months', new Date(2024, 1, 29))).toEqual({ from: '2023-02-28', to: '2024-02-29' });
  });

  it('refuses an invalid now', () => {
    expect(() => dateRangeFor('today', new Date(NaN))).toThrow(new Error(INVALID_DATE));
  });
});
