/**
 * The scroll dropdowns' sources (widgets §2 "Scroll dropdowns" and "Province and city pair"):
 * which field of a row the dropdown shows (label) and which it stores (value), and what else
 * it shows beside the label (the account's currency). The server answers rows with these
 * field names; the widget reads them through this table, so both sides name a field once.
 */
export interface ScrollSourceDef {
  label: string;
  value: string;
  /** Shown beside the label. */
  extra?: string;
  /** A fixed filter the source needs before it lists anything (a city needs its province). */
  requires?: string;
}

export const SCROLL_SOURCES = {
  office: { label: 'name', value: 'code' },
  organisation: { label: 'orgName', value: 'orgCode' },
  country: { label: 'countryName', value: 'countryCode' },
  currency: { label: 'currencyName', value: 'currencyCode' },
  account: { label: 'acctName', value: 'acctNo', extra: 'currencyName' },
  user: { label: 'userName', value: 'userCode' },
  province: { label: 'provinceName', value: 'provinceCode' },
  city: { label: 'cityName', value: 'cityCode', requires: 'provinceCode' },
  orgStruct: { label: 'structName', value: 'structCode' },
  duty: { label: 'dutyName', value: 'dutyCode' },
} as const satisfies Record<string, ScrollSourceDef>;

export type ScrollSource = keyof typeof SCROLL_SOURCES;

/** The most characters of a remote filter (ours: longer than any name a source holds). */
export const SCROLL_QUERY_MAX = 100;

/** A row of a source as the dropdown lists it. */
export function scrollItemOf(source: ScrollSource, row: Record<string, unknown>): { value: string; label: string; extra?: string } {
  const def: ScrollSourceDef = SCROLL_SOURCES[source];
  const value = String(row[def.value] ?? '');
  const label = String(row[def.label] ?? '') || value;
  return def.extra && row[def.extra] ? { value, label, extra: String(row[def.extra]) } : { value, label };
}
