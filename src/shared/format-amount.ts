import { AMOUNT_DECIMALS, type Language } from './constants';

/**
 * Amounts as widgets §9 shows them: AMOUNT_DECIMALS (2) decimals with thousands separators, in
 * the user's language (Intl.NumberFormat). Pure: the table's amount cells and, later, every
 * amount helper of issue 11 (capital amounts, budgets) start here.
 *
 * A decimal column arrives from PostgreSQL as text ("1234567.895"); text is formatted as the
 * exact decimal it writes (Intl.NumberFormat takes numeric strings), so no digit is lost to a
 * double on the way and a half rounds away from zero as a person would ("1.005" → "1.01").
 */

/** The message widgets §8 names for the amount helper's refusal. */
export const NOT_A_NUMBER = 'number is not a number';

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(lang: Language | string, decimals: number): Intl.NumberFormat {
  const key = `${lang}|${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Builds the language's formatter ahead of the first amount: the first Intl.NumberFormat of a
 * page loads the language's number data, some 12 ms of main thread (about 50 ms in Lighthouse's
 * 4× simulation), which a caller can give a task of its own instead of a render's (issue 16).
 */
export function prepareAmountFormat(lang: Language | string, decimals: number = AMOUNT_DECIMALS): void {
  formatter(lang, decimals);
}

/** A number, or text that writes one: what the formatter accepts. */
export function isAmount(value: unknown): value is number | string {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && NUMERIC.test(value.trim());
}

/**
 * `formatAmount(1234567.891, 'zh-CN')` → "1,234,567.89". Throws NOT_A_NUMBER for anything that
 * is not a finite number or numeric text (widgets §5, "Amount helper").
 */
export function formatAmount(value: number | string, lang: Language | string, decimals: number = AMOUNT_DECIMALS): string {
  if (!isAmount(value)) throw new Error(NOT_A_NUMBER);
  const input = typeof value === 'string' ? (value.trim() as `${number}`) : value;
  return formatter(lang, decimals).format(input);
}

/** For a table cell: empty for no value, the value as it came when it is not a number, else formatted. */
export function amountText(value: unknown, lang: Language | string, decimals: number = AMOUNT_DECIMALS): string {
  if (value === null || value === undefined || value === '') return '';
  return isAmount(value) ? formatAmount(value, lang, decimals) : String(value);
}
