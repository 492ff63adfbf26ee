import { DICTIONARIES } from './dictionaries';
import { prng, seedOf } from './prng';
import { cityRows } from './regions';
import { benchmarkRateCode } from '../../../src/resources/defs/benchmark-rate';

/**
 * The small reference rows of issue 10's resources: dictionary types, organisations,
 * departments, counterparties, system parameters and benchmark rates. Names of people,
 * companies and addresses are invented; the benchmark rates are the published ones (the LPR as
 * the National Interbank Funding Center announced it, the PBOC's deposit benchmark of
 * 2015-10-24). Credit codes are generated with valid check characters (GB 32100-2015) and
 * belong to no one.
 */

export interface DictionaryTypeRow {
  dictType: string;
  dictName: string;
  dictNameEn: string | null;
  groupName: string;
}

/** One dictionary-type row for each type in DICTIONARIES. */
export function dictionaryTypeRows(): DictionaryTypeRow[] {
  return DICTIONARIES.map((d) => ({ dictType: d.type, dictName: d.name[0], dictNameEn: d.name[1], groupName: d.group }));
}

export interface OrgRow {
  orgCode: string;
  orgName: string;
  orgNameEn: string | null;
  orgType: string;
  orgProperty: string | null;
  settCenter: boolean;
  address: string | null;
}

/** The group's organisations. HQ is created by seed.ts (users belong to it); the rest here. */
export const ORGANISATIONS: OrgRow[] = [
  { orgCode: 'HQ', orgName: '集团总部', orgNameEn: 'Group headquarters', orgType: 'HQ', orgProperty: '法人', settCenter: false, address: '北京市西城区金融大街 88 号' },
  { orgCode: 'SC01', orgName: '集团资金结算中心', orgNameEn: 'Group treasury settlement centre', orgType: 'SETT', orgProperty: '非法人', settCenter: true, address: '北京市西城区金融大街 88 号 12 层' },
  { orgCode: 'SH01', orgName: '华东实业有限公司', orgNameEn: 'East China Industrial Co., Ltd.', orgType: 'SUB', orgProperty: '法人', settCenter: false, address: '上海市浦东新区世纪大道 1600 号' },
  { orgCode: 'GZ01', orgName: '集团广州分公司', orgNameEn: 'Guangzhou branch', orgType: 'BRANCH', orgProperty: '非法人', settCenter: false, address: '广州市天河区珠江新城华夏路 20 号' },
];

export interface DepartmentRow {
  deptCode: string;
  deptName: string;
  orgCode: string;
  manager: string | null;
  remark: string | null;
}

/** Organisation extension fields (src/resources/defs/org-info-ettr.ts): what a group keeps beyond the organisation form. */
export const ORG_FIELDS = [
  { orgCode: 'HQ', attrCode: 'lei', attrName: '法人机构识别编码（LEI）', attrValue: '300300C1012345678901', remark: null },
  { orgCode: 'SC01', attrCode: 'financeLicence', attrName: '金融许可证号', attrValue: 'L0127H211000001', remark: '财务公司持牌' },
];

export const DEPARTMENTS: DepartmentRow[] = [
  { deptCode: 'HQ-TRS', deptName: '资金管理部', orgCode: 'HQ', manager: '李明', remark: '资金计划、归集与调拨' },
  { deptCode: 'HQ-FIN', deptName: '财务部', orgCode: 'HQ', manager: '王芳', remark: '预算与财务报告' },
  { deptCode: 'HQ-ACC', deptName: '会计核算部', orgCode: 'HQ', manager: '赵磊', remark: null },
  { deptCode: 'HQ-RISK', deptName: '风险管理部', orgCode: 'HQ', manager: '陈静', remark: '汇率与利率风险敞口监控' },
  { deptCode: 'HQ-IT', deptName: '信息技术部', orgCode: 'HQ', manager: '刘洋', remark: null },
];

// ---- Unified social credit codes (GB 32100-2015) -------------------------------------------

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** The check character of the first 17 characters of a credit code. */
export function creditCheck(first17: string): string {
  const sum = [...first17].reduce((s, c, i) => s + CREDIT_CHARS.indexOf(c) * CREDIT_WEIGHTS[i]!, 0);
  return CREDIT_CHARS[(31 - (sum % 31)) % 31]!;
}

/** The check character of an organisation code's first 8 digits (GB 11714). */
export function orgCodeCheck(first8: string): string {
  const sum = [...first8].reduce((s, c, i) => s + Number(c) * ORG_WEIGHTS[i]!, 0);
  const c = 11 - (sum % 11);
  return c === 10 ? 'X' : c === 11 ? '0' : String(c);
}

/**
 * A credit code that passes both checks, drawn from `seed`: registration authority and kind
 * (91 a company, 11 a government body), the division where it registered, then a generated
 * organisation code.
 */
export function creditCode(kind: '91' | '11', division: string, seed: string): string {
  const random = prng(seedOf(seed));
  const org = Array.from({ length: 8 }, () => String(Math.floor(random() * 10))).join('');
  const first17 = `${kind}${division}${org}${orgCodeCheck(org)}`;
  return first17 + creditCheck(first17);
}

export interface CounterPartyRow {
  counterPartyCode: string;
  counterPartyName: string;
  counterPartyType: string;
  creditCode: string | null;
  countryCode: string;
  /** The registered province and city, from the division of the credit code (0014). */
  provinceCode: string | null;
  cityCode: string | null;
  contactName: string | null;
  contactPhone: string | null;
}

type Party = [name: string, type: string, country: string, credit: ['91' | '11', string] | null, contact: string | null, phone: string | null];

const PARTIES: Party[] = [
  ['中国工商银行股份有限公司北京分行', 'BANK', 'CN', null, '王磊', '010-6600 1234'],
  ['招商银行股份有限公司上海分行', 'BANK', 'CN', null, '周婷', '021-6100 5678'],
  ['星展银行（香港）有限公司', 'BANK', 'HK', null, 'Chan Ka Wai', '+852 2000 1234'],
  ['华信国际贸易有限公司', 'ENTERPRISE', 'CN', ['91', '110105'], '孙浩', '010-8500 2468'],
  ['上海申联物流股份有限公司', 'ENTERPRISE', 'CN', ['91', '310115'], '吴敏', '021-5800 1357'],
  ['深圳前海恒达科技有限公司', 'ENTERPRISE', 'CN', ['91', '440300'], '郑凯', '0755-8600 9753'],
  ['鼎盛融资租赁有限公司', 'FIN_INST', 'CN', ['91', '310000'], '何琳', '021-6800 8642'],
  ['北京市海淀区财政局', 'GOV', 'CN', ['11', '110108'], '马骏', '010-8200 3690'],
  ['张伟', 'PERSON', 'CN', null, '张伟', '138 0000 0000'],
];

/** A division code's province and prefecture-level city, when GB/T 2260 has that city. */
function placeOf(division: string | undefined): { provinceCode: string | null; cityCode: string | null } {
  if (!division) return { provinceCode: null, cityCode: null };
  const city = cityRows().find((c) => c.cityCode === division.slice(0, 4));
  return city ? { provinceCode: city.provinceCode, cityCode: city.cityCode } : { provinceCode: division.slice(0, 2), cityCode: null };
}

export function counterPartyRows(): CounterPartyRow[] {
  return PARTIES.map(([name, type, country, credit, contact, phone], i) => ({
    counterPartyCode: `CP${String(i + 1).padStart(6, '0')}`,
    counterPartyName: name,
    counterPartyType: type,
    creditCode: credit ? creditCode(credit[0], credit[1], name) : null,
    countryCode: country,
    ...placeOf(credit?.[1]),
    contactName: contact,
    contactPhone: phone,
  }));
}

// ---- System parameters ----------------------------------------------------------------------

export interface SysParamSettingRow {
  paramCode: string;
  paramName: string;
  paramValue: string;
  remark: string | null;
}

export const SYS_PARAM_SETTINGS: SysParamSettingRow[] = [
  { paramCode: 'base.currency', paramName: '记账本位币', paramValue: 'CNY', remark: '集团合并报表的本位币' },
  { paramCode: 'payment.approval.threshold', paramName: '付款二级审批金额（元）', paramValue: '5000000.00', remark: '单笔付款超过该金额时需二级审批' },
  { paramCode: 'settlement.cutoff.time', paramName: '日终结算截止时间', paramValue: '16:30', remark: '截止时间后提交的指令顺延至下一工作日处理' },
  { paramCode: 'fund.pool.sweep.time', paramName: '资金归集时间', paramValue: '17:00', remark: '成员单位账户余额每日上划时间' },
  { paramCode: 'exchange.rate.source', paramName: '汇率来源', paramValue: 'CFETS', remark: '中国外汇交易中心人民币汇率中间价' },
  { paramCode: 'interest.day-count', paramName: '内部计息基准', paramValue: 'ACT/360', remark: '资金池内部存贷款计息天数规则' },
  { paramCode: 'business.calendar', paramName: '工作日历', paramValue: 'CN', remark: '按中国大陆法定节假日安排' },
];

// ---- Benchmark rates (rate-add) ------------------------------------------------------------

export interface RateAddRow {
  applyNo: string;
  rateType: string;
  currencyCode: string;
  tenor: string;
  rateValue: number;
  effectiveDate: string;
  remark: string | null;
}

type Rate = [type: string, tenor: string, value: number, date: string, remark: string];

const LPR = '全国银行间同业拆借中心公布';
const DEPOSIT = '中国人民银行公布的金融机构人民币存款基准利率';
const RATES: Rate[] = [
  ['DEPOSIT', '3M', 1.1, '2015-10-24', DEPOSIT],
  ['DEPOSIT', '6M', 1.3, '2015-10-24', DEPOSIT],
  ['DEPOSIT', '1Y', 1.5, '2015-10-24', DEPOSIT],
  ['DEPOSIT', '2Y', 2.1, '2015-10-24', DEPOSIT],
  ['DEPOSIT', '3Y', 2.75, '2015-10-24', DEPOSIT],
  ['LPR', '1Y', 3.35, '2024-07-22', LPR],
  ['LPR', '5Y', 3.85, '2024-07-22', LPR],
  ['LPR', '1Y', 3.1, '2024-10-21', LPR],
  ['LPR', '5Y', 3.6, '2024-10-21', LPR],
  ['LPR', '1Y', 3.0, '2025-05-20', LPR],
  ['LPR', '5Y', 3.5, '2025-05-20', LPR],
];

export function rateAddRows(): RateAddRow[] {
  return RATES.map(([rateType, tenor, rateValue, effectiveDate, remark], i) => ({
    applyNo: `RA${String(i + 1).padStart(6, '0')}`,
    rateType,
    currencyCode: 'CNY',
    tenor,
    rateValue,
    effectiveDate,
    remark,
  }));
}

/** The rates the seeded applications published (what their approval does: server/resources/rate-hooks.ts). */
export function benchmarkRateRows() {
  return rateAddRows().map(({ applyNo, remark: _remark, ...rate }) => ({ rateCode: benchmarkRateCode(rate), ...rate, sourceNo: applyNo }));
}
