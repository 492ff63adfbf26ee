import currencyCodes from 'currency-codes';

/**
 * ISO 4217 currencies, generated from the runtime's Intl data (which codes, their names in
 * Chinese and English) and the currency-codes package (ISO's own list one: the numeric code and
 * the minor unit). Nothing here is typed by hand.
 *
 * Which codes: those Intl knows (`Intl.supportedValuesOf('currency')`) that are in ISO's
 * current list. That drops the withdrawn codes some ICU versions still list (HRK, SLL, ZWL) and
 * keeps funds, metals and test codes out unless Intl lists them too; XXX (no currency) and XTS
 * (testing) never enter.
 *
 * Decimals: ISO's minor unit, which is what amounts are settled in (HUF 2, IQD 3). Intl's
 * `maximumFractionDigits` is CLDR's display precision, which differs for a dozen currencies
 * (HUF 0, IQD 0, IDR 0); it is used only where ISO names no minor unit (SDR, metals: "N.A.",
 * which the package reads as 0 for X-codes).
 */

export interface CurrencyRow {
  currencyCode: string;
  currencyName: string;
  currencyNameEn: string | null;
  currencyNumber: string | null;
  decimals: number;
}

const NOT_A_CURRENCY = new Set(['XXX', 'XTS']);

/** Every currency row, sorted by code (deterministic for one runtime's ICU data). */
export function currencyRows(): CurrencyRow[] {
  const iso = new Map(currencyCodes.data.map((c) => [c.code, c]));
  const zh = new Intl.DisplayNames('zh-CN', { type: 'currency', fallback: 'code' });
  const en = new Intl.DisplayNames('en-US', { type: 'currency', fallback: 'code' });
  const rows: CurrencyRow[] = [];
  for (const code of Intl.supportedValuesOf('currency')) {
    const entry = iso.get(code);
    if (!entry || NOT_A_CURRENCY.has(code)) continue;
    const nameZh = zh.of(code);
    const nameEn = en.of(code);
    if (!nameZh || nameZh === code) continue;
    const intlDigits = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    const isoDigits = code.startsWith('X') ? null : entry.digits;
    rows.push({
      currencyCode: code,
      currencyName: nameZh,
      currencyNameEn: nameEn && nameEn !== code ? nameEn : null,
      currencyNumber: /^[0-9]{3}$/.test(entry.number ?? '') ? entry.number : null,
      decimals: isoDigits ?? intlDigits,
    });
  }
  return rows.sort((a, b) => a.currencyCode.localeCompare(b.currencyCode));
}
