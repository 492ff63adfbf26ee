import { CAPITAL_AMOUNT_DECIMALS, CAPITAL_AMOUNT_LIMIT } from './constants';
import { NOT_A_NUMBER } from './format-amount';

/**
 * The Chinese capital amount (大写金额) of widgets §9: amounts below CAPITAL_AMOUNT_LIMIT (1e16)
 * with up to CAPITAL_AMOUNT_DECIMALS (4) decimals, written as a cheque or voucher writes them
 * (《支付结算办法》附一 "正确填写票据和结算凭证的基本规定"):
 *
 *   1001 → 壹仟零壹元整, 100000 → 壹拾万元整, 10010.05 → 壹万零壹拾元零伍分, 0.5 → 伍角,
 *   0 → 零元整, -12.3 → 负壹拾贰元叁角, 1e12 → 壹万亿元整.
 *
 * Rules kept here (the choices the standard leaves open are named):
 * - The decimals are 角, 分, 厘, 毫 (1st to 4th place). 整 follows 元 only when there is no
 *   fraction at all; nothing follows 角 or a smaller unit.
 * - A run of zeros between two written digits is one 零, also across 万/亿 sections
 *   (100010000 → 壹亿零壹万元整) and from 元 into the fraction when 角 is zero
 *   (10.05 → 壹拾元零伍分). When the units digit is zero but 角 is not, no 零 is written after
 *   元 (1680.32 → 壹仟陆佰捌拾元叁角贰分; the standard allows both forms).
 * - A leading 拾 keeps its 壹 (10 → 壹拾元整), as money is written.
 * - An amount below one yuan has no 元 (0.05 → 伍分); zero is 零元整 and never 负.
 * - 万亿 names the section from 1e12: 1e12 → 壹万亿元整, but 1000100000000 → 壹万零壹亿元整
 *   (when the 亿 section is written, the section above it is only 万).
 *
 * It works on the decimal text, never on float arithmetic: a number is taken as the shortest
 * text JavaScript writes for it (String(n)), so 0.1 + 0.2 (0.30000000000000004) is refused for
 * its decimals rather than silently rounded, and 9999999999999999.9999 must come as text (as a
 * number it is already 1e16). Text may carry thousands separators ("1,234.50"), a sign, an
 * exponent ("1.5e3"); trailing zeros of the fraction do not count as decimals ("1.50000" is
 * 壹元伍角).
 *
 * Refusals throw an Error whose message is one of the exported constants below (NOT_A_NUMBER is
 * the amount helper's own, from format-amount.ts), so a caller can tell them apart and localise.
 */

/** The amount is not below CAPITAL_AMOUNT_LIMIT (in absolute value). */
export const CAPITAL_AMOUNT_TOO_LARGE = 'capital amount is too large';
/** The amount has more than CAPITAL_AMOUNT_DECIMALS decimals (after dropping trailing zeros). */
export const CAPITAL_AMOUNT_TOO_PRECISE = 'capital amount has too many decimals';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
/** Place units inside a four-digit section, highest first. */
const PLACES = ['仟', '佰', '拾', ''];
/** Fraction units, first decimal first. */
const FRACTION_UNITS = ['角', '分', '厘', '毫'];
/** Largest number of integer digits below the limit (16 for 1e16). */
const INTEGER_DIGITS = String(BigInt(CAPITAL_AMOUNT_LIMIT)).length - 1;

const DECIMAL_TEXT = /^([+-])?(\d[\d,]*)?(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const GROUPED = /^\d{1,3}(,\d{3})+$/;

interface Decimal {
  negative: boolean;
  /** Integer digits without leading zeros ('' for zero). */
  integer: string;
  /** Fraction digits without trailing zeros ('' for none). */
  fraction: string;
}

/** The exact decimal a number or numeric text writes, or a thrown refusal. */
function toDecimal(value: unknown): Decimal {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(NOT_A_NUMBER);
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new Error(NOT_A_NUMBER);
  }
  const m = DECIMAL_TEXT.exec(text);
  if (!m) throw new Error(NOT_A_NUMBER);
  const [, sign, intPart = '', fracPart = '', expPart] = m;
  if (intPart === '' && fracPart === '') throw new Error(NOT_A_NUMBER);
  if (intPart.includes(',') && !GROUPED.test(intPart)) throw new Error(NOT_A_NUMBER);

  const digits = intPart.replace(/,/g, '') + fracPart;
  let point = digits.length - fracPart.length;
  const exponent = expPart === undefined ? 0 : Number(expPart);
  const allZero = /^0*$/.test(digits);
  if (!allZero && Math.abs(exponent) > 64) {
    throw new Error(exponent > 0 ? CAPITAL_AMOUNT_TOO_LARGE : CAPITAL_AMOUNT_TOO_PRECISE);
  }
  point += allZero ? 0 : exponent;
  const padded = point < 0 ? '0'.repeat(-point) + digits : point > digits.length ? digits + '0'.repeat(point - digits.length) : digits;
  const at = Math.max(point, 0);
  const integer = padded.slice(0, at).replace(/^0+/, '');
  const fraction = padded.slice(at).replace(/0+$/, '');
  return { negative: sign === '-' && !allZero, integer, fraction };
}

/**
 * `capitalAmount('10010.05')` → "壹万零壹拾元零伍分". Throws NOT_A_NUMBER, CAPITAL_AMOUNT_TOO_LARGE
 * or CAPITAL_AMOUNT_TOO_PRECISE (see above).
 */
export function capitalAmount(value: number | string): string {
  const { negative, integer, fraction } = toDecimal(value);
  if (integer.length > INTEGER_DIGITS) throw new Error(CAPITAL_AMOUNT_TOO_LARGE);
  if (fraction.length > CAPITAL_AMOUNT_DECIMALS) throw new Error(CAPITAL_AMOUNT_TOO_PRECISE);
  if (integer === '' && fraction === '') return '零元整';

  let out = '';
  /** A zero was passed since the last written digit (written as one 零 before the next). */
  let zero = false;
  const digit = (d: string, unit: string): void => {
    if (d === '0') {
      if (out !== '') zero = true;
      return;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[Number(d)] + unit;
  };

  if (integer !== '') {
    const width = Math.ceil(integer.length / 4) * 4;
    const full = integer.padStart(width, '0');
    const sections: string[] = [];
    for (let i = 0; i < width; i += 4) sections.push(full.slice(i, i + 4));
    sections.forEach((section, i) => {
      const level = sections.length - 1 - i; // 0: units, 1: 万, 2: 亿, 3: 万亿
      if (section === '0000') {
        if (out !== '') zero = true;
        return;
      }
      for (let p = 0; p < 4; p += 1) digit(section[p]!, PLACES[p]!);
      out += level === 0 ? '' : level === 1 ? '万' : level === 2 ? '亿' : sections[i + 1] === '0000' ? '万亿' : '万';
    });
    out += '元';
    // A zero units digit is not carried into the fraction: 1680.32 → …捌拾元叁角贰分.
    zero = false;
    if (fraction === '') return (negative ? '负' : '') + out + '整';
  }
  for (let p = 0; p < fraction.length; p += 1) digit(fraction[p]!, FRACTION_UNITS[p]!);
  return (negative ? '负' : '') + out;
}
