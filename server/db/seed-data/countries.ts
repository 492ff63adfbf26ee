import { iso31661 } from 'iso-3166/1.js';

/**
 * ISO 3166-1 countries and regions, generated: the names in Chinese and English from the
 * runtime's Intl data (`Intl.DisplayNames`, type region), over every two-letter code A–Z that
 * Intl names; kept only when ISO 3166-1 has the code assigned (the iso-3166 package's list),
 * which also gives the numeric (UN M49) code.
 *
 * Intl names many codes that are not countries: the deprecated ones (DD, SU, YU, ZR, BU…),
 * ISO's reserved ones (AC, EU, UK…), CLDR's own (EZ, QO, XA, XK, ZZ). The assigned list drops
 * them all, by the standard rather than by a list kept here.
 */

export interface CountryRow {
  countryCode: string;
  countryName: string;
  countryNameEn: string | null;
  countryNumber: string | null;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every country row, sorted by code. */
export function countryRows(): CountryRow[] {
  const assigned = new Map(iso31661.map((c) => [c.alpha2, c]));
  const zh = new Intl.DisplayNames('zh-CN', { type: 'region', fallback: 'code' });
  const en = new Intl.DisplayNames('en-US', { type: 'region', fallback: 'code' });
  const rows: CountryRow[] = [];
  for (const a of LETTERS) {
    for (const b of LETTERS) {
      const code = a + b;
      const nameZh = zh.of(code);
      const nameEn = en.of(code);
      // A code Intl does not know comes back as itself.
      if (!nameZh || nameZh === code || !nameEn || nameEn === code) continue;
      const entry = assigned.get(code);
      if (!entry) continue;
      rows.push({ countryCode: code, countryName: nameZh, countryNameEn: nameEn, countryNumber: /^[0-9]{3}$/.test(entry.numeric) ? entry.numeric : null });
    }
  }
  return rows;
}
