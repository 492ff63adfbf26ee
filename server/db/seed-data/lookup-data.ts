import { lineNumberRows } from './line-numbers';
import { cityRows } from './regions';
import { BANKS } from './banks';
import { ORGANISATIONS, counterPartyRows } from './resources-misc';
import { prng, seedOf } from './prng';

/**
 * The records the lookups of widgets §2 list (issue 12 point 2), generated from a seeded
 * generator (the same rows every run, so tests can pin them): financial offices, about
 * ACCOUNT_COUNT bank accounts spread over the seeded organisations, currencies and banks (each
 * at one of its bank's seeded branches), a budget line per organisation, period and currency,
 * and cooperative financial networks at the seeded branches and abroad. Plausible, not real.
 */

export const ACCOUNT_COUNT = 500;

export const FINANCIAL_OFFICES = [
  { officeCode: 'FO01', officeName: '集团财务有限公司', financialType: '财务公司' },
  { officeCode: 'FO02', officeName: '集团财务有限公司上海分公司', financialType: '财务公司' },
  { officeCode: 'FO03', officeName: '集团资金结算中心', financialType: '结算中心' },
  { officeCode: 'FO04', officeName: '华东实业资金管理部', financialType: '内部资金部门' },
  { officeCode: 'FO05', officeName: '集团香港财资中心', financialType: '境外财资中心' },
];

/** Currencies accounts are held in, weighted: most accounts are in yuan. */
const ACCOUNT_CURRENCIES: Array<[code: string, weight: number]> = [['CNY', 70], ['USD', 12], ['EUR', 6], ['HKD', 6], ['JPY', 3], ['GBP', 3]];
const NATURES = ['基本存款账户', '一般存款账户', '专用存款账户', '临时存款账户', '外汇结算账户'];
const PURPOSES = ['收入户', '支出户', '工资户', '资本金户', '费用户', '保证金户', '贷款户', '结算户'];

function weighted<T>(random: () => number, items: Array<[T, number]>): T {
  const sum = items.reduce((s, [, w]) => s + w, 0);
  let x = random() * sum;
  for (const [item, w] of items) if ((x -= w) < 0) return item;
  return items[items.length - 1]![0];
}

export interface AccountSeed {
  acctNo: string;
  acctName: string;
  orgCode: string;
  officeCode: string | null;
  currencyCode: string;
  bankCode: string;
  lineNumber: string;
  acctNature: string;
  balance: number;
}

export function accountRows(count = ACCOUNT_COUNT): AccountSeed[] {
  const random = prng(seedOf('accounts'));
  const branches = lineNumberRows().filter((l) => BANKS.some((b) => b.bankCode === l.bankCode && (b.tier === 'large' || b.tier === 'joint-stock')));
  const rows: AccountSeed[] = [];
  const taken = new Set<string>();
  while (rows.length < count) {
    const org = ORGANISATIONS[Math.floor(random() * ORGANISATIONS.length)]!;
    const branch = branches[Math.floor(random() * branches.length)]!;
    const currency = weighted(random, ACCOUNT_CURRENCIES);
    const nature = currency === 'CNY' ? NATURES[Math.floor(random() * 4)]! : NATURES[4]!;
    // A bank's account numbers start with its branch's city; the rest is the bank's own series.
    const acctNo = `${branch.lineNumber.slice(3, 7)}${String(Math.floor(random() * 1e12)).padStart(12, '0')}${Math.floor(random() * 10)}`;
    if (taken.has(acctNo)) continue;
    taken.add(acctNo);
    const purpose = PURPOSES[Math.floor(random() * PURPOSES.length)]!;
    const bankName = BANKS.find((b) => b.bankCode === branch.bankCode)!.bankName;
    rows.push({
      acctNo,
      acctName: `${org.orgName}${bankName.replace(/^中国/, '')}${currency === 'CNY' ? '' : currency}${purpose}`,
      orgCode: org.orgCode,
      officeCode: random() < 0.8 ? FINANCIAL_OFFICES[Math.floor(random() * FINANCIAL_OFFICES.length)]!.officeCode : null,
      currencyCode: currency,
      bankCode: branch.bankCode,
      lineNumber: branch.lineNumber,
      acctNature: nature,
      balance: Math.round(random() ** 3 * 5e8 * 100) / 100,
    });
  }
  return rows.sort((a, b) => a.acctNo.localeCompare(b.acctNo));
}

const BUDGET_ITEMS: Array<[code: string, name: string, column: string]> = [
  ['OPEX', '经营费用', '管理费用'],
  ['CAPEX', '资本性支出', '购建固定资产'],
  ['PAY', '职工薪酬', '应付职工薪酬'],
  ['TAX', '税费支出', '应交税费'],
  ['FIN', '融资还款', '偿还债务支付的现金'],
  ['IMP', '进口采购', '购买商品支付的现金'],
];

export interface BudgetSeed {
  budgetCode: string;
  budgetName: string;
  orgCode: string;
  currencyCode: string;
  totalAmount: number;
  usedAmount: number;
  systemName: string;
  periodSystemName: string;
  periodTypeName: string;
  reportColumn: string;
}

/** A budget line per organisation, item and quarter of the year; import purchases in dollars. */
export function budgetRows(year = 2026): BudgetSeed[] {
  const random = prng(seedOf('budgets'));
  const rows: BudgetSeed[] = [];
  for (const org of ORGANISATIONS) {
    for (const [code, name, column] of BUDGET_ITEMS) {
      for (let q = 1; q <= 4; q++) {
        const total = Math.round((1 + random() * 49) * 1e5) * 10;
        rows.push({
          budgetCode: `${org.orgCode}-${year}Q${q}-${code}`,
          budgetName: `${org.orgName}${year}年第${q}季度${name}预算`,
          orgCode: org.orgCode,
          currencyCode: code === 'IMP' ? 'USD' : 'CNY',
          totalAmount: total,
          usedAmount: Math.round(total * random() * (q <= 1 ? 0.9 : 0.4)),
          systemName: '全面预算体系',
          periodSystemName: `${year}年度`,
          periodTypeName: '季度',
          reportColumn: column,
        });
      }
    }
  }
  return rows;
}

export interface CoopNetworkSeed {
  networkCode: string;
  networkName: string;
  institutionType: string;
  institutionCode: string;
  institutionName: string;
  directCode: string | null;
  countryCode: string;
  provinceCode: string | null;
  cityCode: string | null;
  swiftCode: string | null;
  abroadAddressDetail: string | null;
}

const ABROAD: Array<[country: string, city: string, address: string]> = [
  ['HK', '香港', 'Des Voeux Road Central, Hong Kong'],
  ['SG', '新加坡', 'Raffles Place, Singapore'],
  ['GB', '伦敦', 'Lombard Street, London'],
  ['US', '纽约', 'Park Avenue, New York'],
  ['DE', '法兰克福', 'Bockenheimer Landstraße, Frankfurt am Main'],
  ['JP', '东京', 'Marunouchi, Chiyoda-ku, Tokyo'],
];

/** The seeded branches of the large banks as networks at home, and their main branches abroad. */
export function coopNetworkRows(): CoopNetworkSeed[] {
  const cities = new Map(cityRows().map((c) => [c.cityCode, c]));
  const large = BANKS.filter((b) => b.tier === 'large' || b.tier === 'joint-stock');
  const rows: CoopNetworkSeed[] = [];
  for (const l of lineNumberRows()) {
    const bank = large.find((b) => b.bankCode === l.bankCode);
    if (!bank) continue;
    const city = cities.get(l.lineNumber.slice(3, 7)) ?? null;
    rows.push({
      networkCode: `N${l.lineNumber}`,
      networkName: l.lineName,
      institutionType: bank.tier === 'large' ? '国有大型商业银行' : '股份制商业银行',
      institutionCode: bank.bankCode,
      institutionName: bank.bankName,
      directCode: bank.bankCode,
      countryCode: 'CN',
      provinceCode: city?.provinceCode ?? null,
      cityCode: city?.cityCode ?? null,
      swiftCode: null,
      abroadAddressDetail: null,
    });
  }
  for (const bank of large.filter((b) => b.swiftCode && b.tier === 'large')) {
    for (const [country, city, address] of ABROAD) {
      rows.push({
        networkCode: `N${bank.bankCode}${country}`,
        networkName: `${bank.bankName}${city}分行`,
        institutionType: '国有大型商业银行',
        institutionCode: bank.bankCode,
        institutionName: bank.bankName,
        directCode: bank.bankCode,
        countryCode: country,
        provinceCode: null,
        cityCode: null,
        swiftCode: `${bank.swiftCode!.slice(0, 4)}${country}${bank.swiftCode!.slice(6, 8)}`,
        abroadAddressDetail: address,
      });
    }
  }
  return rows;
}

export interface ContactAccountSeed {
  accountNo: string;
  accountName: string;
  counterPartyCode: string;
  lineNumber: string;
  useOrgCode: string;
  acctProperty: string;
}

/** Two or three accounts of each seeded counterparty, at branches of the large banks, each used by one of the group's organisations. */
export function contactAccountRows(): ContactAccountSeed[] {
  const random = prng(seedOf('contact-accounts'));
  const branches = lineNumberRows().filter((l) => BANKS.some((b) => b.bankCode === l.bankCode && b.tier === 'large'));
  const rows: ContactAccountSeed[] = [];
  for (const party of counterPartyRows()) {
    const count = 2 + Math.floor(random() * 2);
    for (let i = 0; i < count; i++) {
      const branch = branches[Math.floor(random() * branches.length)]!;
      rows.push({
        accountNo: `${branch.lineNumber.slice(0, 7)}${String(Math.floor(random() * 1e10)).padStart(10, '0')}`,
        accountName: party.counterPartyName,
        counterPartyCode: party.counterPartyCode,
        lineNumber: branch.lineNumber,
        useOrgCode: ORGANISATIONS[Math.floor(random() * ORGANISATIONS.length)]!.orgCode,
        acctProperty: '对公',
      });
    }
  }
  return rows;
}
