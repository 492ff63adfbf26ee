import { LANGUAGES, type Language } from './constants';
import type { ColumnKind } from './column-layout';

/** A text in both languages. */
export type Label = Record<Language, string>;

/**
 * The lookups of widgets §2 (issue 12 point 2), declared once: each names its data source (a
 * resource's table, joined to others by code), its search fields and its columns exactly as §2
 * lists them, on the wire under the spec's names, and the fields that are its value and its
 * text. The server answers every lookup from this table (server/services/lookups.ts), the
 * browser draws every lookup dialog from it (src/widgets/lookup/), and a resource's field
 * names a lookup by its code (`lookup: 'organisation'` in src/resources/define.ts). Pure data,
 * in shared code: the API contract (./contract/lookup.ts) is derived from it.
 *
 * A source expression is a field of the source resource (`'orgCode'`) or a field of a joined
 * resource (`'org-info.orgName'`, joined on the codes `joins` names).
 */
export interface LookupField {
  /** The wire name (§2's). */
  name: string;
  label: Label;
  /** Where its value comes from: `field` of the source, or `<resource code>.<field>` of a join. */
  from: string;
}

export interface LookupColumn extends LookupField {
  kind?: ColumnKind;
  /** The dictionary whose text the dialog shows for the code (the row keeps the code). */
  dict?: string;
}

export interface LookupJoin {
  /** The joined resource's code. */
  resource: string;
  /** The source's field holding the code… */
  local: string;
  /** …that this field of the joined resource holds. */
  remote: string;
}

export interface LookupDef {
  code: string;
  /** The dialog's title. */
  label: Label;
  /** The resource whose records in force and enabled are listed. */
  source: string;
  joins?: LookupJoin[];
  search: LookupField[];
  /** The result table's columns, in §2's order. */
  columns: LookupColumn[];
  /** Fields every row carries beyond the columns (the budget's right table, what a form fills). */
  carry?: LookupField[];
  /** The row field that is the picked value, and the one shown as its text (both columns or carried). */
  value: string;
  text: string;
  /** The modes it is used in: multi lookups show the selected list on the right (1100 px). */
  modes: ReadonlyArray<'single' | 'multi'>;
  /** A notice above the results (the payment account lookup's). */
  warning?: Label;
  /** Extra parameters the call takes besides the search (the budget's business currency). */
  params?: string[];
  /** The default sort (a source expression). */
  sort: string;
}

const L = (zh: string, en: string): Label => ({ 'zh-CN': zh, 'en-US': en });
const f = (name: string, zh: string, en: string, from: string = name, kind?: ColumnKind): LookupColumn => ({ name, label: L(zh, en), from, ...(kind ? { kind } : {}) });

const accountJoins: LookupJoin[] = [
  { resource: 'org-info', local: 'orgCode', remote: 'orgCode' },
  { resource: 'financial-office', local: 'officeCode', remote: 'officeCode' },
  { resource: 'currency', local: 'currencyCode', remote: 'currencyCode' },
  { resource: 'bank', local: 'bankCode', remote: 'bankCode' },
];
const accountColumns = [
  f('acctName', '账户名称', 'Account name'),
  f('acctNo', '账号', 'Account number', 'acctNo', 'code'),
  f('orgName', '所属机构', 'Organisation', 'org-info.orgName'),
  f('officeName', '财务公司', 'Financial office', 'financial-office.officeName'),
  f('currencyName', '币种', 'Currency', 'currency.currencyName'),
  f('bankName', '开户银行', 'Bank', 'bank.bankName'),
];
const accountCarry = [f('orgCode', '机构代码', 'Organisation code'), f('officeCode', '财务公司代码', 'Office code'), f('currencyCode', '币种代码', 'Currency code'), f('bankCode', '银行代码', 'Bank code')];

export const LOOKUPS = [
  {
    code: 'organisation',
    label: L('选择机构', 'Choose organisations'),
    source: 'org-info',
    search: [f('orgCode', '机构代码', 'Organisation code'), f('orgName', '机构名称', 'Organisation name')],
    columns: [f('orgCode', '机构代码', 'Organisation code', 'orgCode', 'code'), f('orgName', '机构名称', 'Organisation name'), { ...f('orgType', '机构类型', 'Organisation type'), dict: 'OrgType' }, f('orgPropery', '机构性质', 'Organisation property', 'orgProperty'), f('settCenter', '结算中心', 'Settlement centre')],
    value: 'orgCode',
    text: 'orgName',
    modes: ['single', 'multi'],
    sort: 'orgCode',
  },
  {
    code: 'bank',
    label: L('选择银行', 'Choose a bank'),
    // A bank on a form is the branch an account is opened at: its CNAPS line number.
    source: 'line-numbers',
    joins: [{ resource: 'bank', local: 'bankCode', remote: 'bankCode' }],
    search: [f('name', '银行名称', 'Bank name', 'lineName'), f('code', '联行号', 'CNAPS code', 'lineNumber')],
    columns: [f('bankName', '银行名称', 'Bank name', 'lineName'), f('directCode', '直连代码', 'Direct code', 'bankCode', 'code'), f('cnapsCode', '联行号', 'CNAPS code', 'lineNumber', 'code')],
    carry: [f('headBankName', '总行', 'Head office', 'bank.bankName')],
    value: 'cnapsCode',
    text: 'bankName',
    modes: ['single'],
    sort: 'lineNumber',
  },
  {
    code: 'office',
    label: L('选择财务公司', 'Choose a financial office'),
    source: 'financial-office',
    search: [f('name', '名称', 'Name', 'officeName'), f('code', '代码', 'Code', 'officeCode')],
    columns: [f('name', '名称', 'Name', 'officeName'), f('code', '代码', 'Code', 'officeCode', 'code')],
    carry: [f('financialType', '金融机构类型', 'Financial type')],
    value: 'code',
    text: 'name',
    modes: ['single'],
    sort: 'officeCode',
  },
  {
    code: 'customer',
    label: L('选择往来单位账户', 'Choose a customer account'),
    source: 'contact-org-acc',
    joins: [
      { resource: 'counter-party', local: 'counterPartyCode', remote: 'counterPartyCode' },
      { resource: 'line-numbers', local: 'lineNumber', remote: 'lineNumber' },
    ],
    search: [f('accountNo', '账号', 'Account number')],
    columns: [
      f('accountNo', '账号', 'Account number', 'accountNo', 'code'),
      f('accountName', '户名', 'Account name'),
      f('contactsOrgName', '往来单位', 'Contact organisation', 'counter-party.counterPartyName'),
      f('bankName', '开户银行', 'Bank', 'line-numbers.lineName'),
      { ...f('contactsOrgType', '往来单位类型', 'Contact organisation type', 'counter-party.counterPartyType'), dict: 'CounterPartyType' },
      f('contactsOrgProperty', '账户性质', 'Account property', 'acctProperty'),
    ],
    carry: [f('contactsId', '往来单位编号', 'Contact organisation number', 'counterPartyCode'), f('useOrgId', '使用机构', 'Used by', 'useOrgCode'), f('cnapsCode', '联行号', 'CNAPS code', 'lineNumber')],
    value: 'accountNo',
    text: 'accountName',
    modes: ['single'],
    sort: 'accountNo',
  },
  {
    code: 'account',
    label: L('选择账户', 'Choose an account'),
    source: 'account',
    joins: accountJoins,
    search: [f('acctNo', '账号', 'Account number'), f('acctName', '账户名称', 'Account name')],
    columns: [...accountColumns, f('acctNature', '账户性质', 'Account nature')],
    carry: accountCarry,
    value: 'acctNo',
    text: 'acctName',
    modes: ['single'],
    sort: 'acctNo',
  },
  {
    code: 'payment-account',
    label: L('选择付款账户', 'Choose a payment account'),
    source: 'account',
    joins: accountJoins,
    search: [f('acctNo', '账号', 'Account number'), f('acctName', '账户名称', 'Account name')],
    columns: accountColumns,
    carry: accountCarry,
    value: 'acctNo',
    text: 'acctName',
    modes: ['single'],
    warning: L('请核对付款账户的户名、账号与开户行；付款将从所选账户划出。', 'Check the payment account’s name, number and bank: the payment is made from the account chosen.'),
    sort: 'acctNo',
  },
  {
    code: 'user',
    label: L('选择用户', 'Choose a user'),
    source: 'user-info',
    search: [f('userName', '用户名称', 'User name'), f('userCode', '用户代码', 'User code')],
    columns: [f('userName', '用户名称', 'User name'), f('userCode', '用户代码', 'User code', 'userCode', 'code')],
    value: 'userCode',
    text: 'userName',
    modes: ['single', 'multi'],
    sort: 'userCode',
  },
  {
    code: 'budget',
    label: L('选择预算', 'Choose budgets'),
    source: 'budget',
    joins: [{ resource: 'currency', local: 'currencyCode', remote: 'currencyCode' }],
    search: [f('budgetCode', '预算编号', 'Budget code'), f('budgetName', '预算名称', 'Budget name')],
    columns: [f('budgetCode', '预算编号', 'Budget code', 'budgetCode', 'code'), f('budgetName', '预算名称', 'Budget name'), f('budgetCurrencyName', '预算币种', 'Budget currency', 'currency.currencyName'), f('usedAmount', '已用金额', 'Used amount', 'usedAmount', 'amount')],
    carry: [
      f('budgetCurrencyCode', '预算币种代码', 'Budget currency code', 'currencyCode'),
      f('systemName', '预算体系', 'Budget system'),
      f('periodSystemName', '期间体系', 'Period system'),
      f('periodTypeName', '期间类型', 'Period type'),
      f('reportColumn', '报表栏目', 'Report column'),
    ],
    value: 'budgetCode',
    text: 'budgetName',
    modes: ['multi'],
    // The business currency the amounts are entered in: each row answers its rate into the budget's.
    params: ['currencyCode'],
    sort: 'budgetCode',
  },
  {
    code: 'cooperative-network',
    label: L('选择合作金融网点', 'Choose a cooperative financial network'),
    source: 'coop-network',
    joins: [
      { resource: 'country', local: 'countryCode', remote: 'countryCode' },
      { resource: 'province', local: 'provinceCode', remote: 'provinceCode' },
      { resource: 'city', local: 'cityCode', remote: 'cityCode' },
    ],
    search: [
      f('cooperativeInstitutionType', '机构类型', 'Institution type', 'institutionType'),
      f('cooperativeInstitutionName', '机构名称', 'Institution name', 'institutionName'),
      f('cooperativeFinancNetName', '网点名称', 'Network name', 'networkName'),
      f('countryName', '国家', 'Country', 'country.countryName'),
      f('acctProvinceName', '省份', 'Province', 'province.provinceName'),
      f('acctCityName', '城市', 'City', 'city.cityName'),
      f('cooperativeFinancNetCode', '网点代码', 'Network code', 'networkCode'),
    ],
    columns: [
      f('cooperativeInstitutionTypeName', '机构类型', 'Institution type', 'institutionType'),
      f('cooperativeInstitutionName', '机构名称', 'Institution name', 'institutionName'),
      f('cooperativeFinancNetName', '网点名称', 'Network name', 'networkName'),
      f('cooperativeFinancNetCode', '网点代码', 'Network code', 'networkCode', 'code'),
      f('countryName', '国家', 'Country', 'country.countryName'),
      f('acctProvinceName', '省份', 'Province', 'province.provinceName'),
      f('acctCityName', '城市', 'City', 'city.cityName'),
    ],
    carry: [
      f('cooperativeInstitutionCode', '机构代码', 'Institution code', 'institutionCode'),
      f('directCode', '直连代码', 'Direct code'),
      f('swiftCode', 'SWIFT 代码', 'SWIFT code'),
      f('countryCode', '国家代码', 'Country code'),
      f('acctProvinceCode', '省份代码', 'Province code', 'provinceCode'),
      f('acctCityCode', '城市代码', 'City code', 'cityCode'),
    ],
    value: 'cooperativeFinancNetCode',
    text: 'cooperativeFinancNetName',
    modes: ['single'],
    sort: 'networkCode',
  },
  {
    // Ours, not §2's: the rate a benchmark rate change names (src/resources/defs/rate-change.ts).
    code: 'benchmark-rate',
    label: L('选择基准利率', 'Choose a benchmark rate'),
    source: 'rate',
    search: [f('rateCode', '利率代码', 'Rate code'), f('rateType', '利率类型', 'Rate type'), f('tenor', '期限', 'Tenor')],
    columns: [
      f('rateCode', '利率代码', 'Rate code', 'rateCode', 'code'),
      { ...f('rateType', '利率类型', 'Rate type'), dict: 'RateType' },
      f('currencyCode', '币种', 'Currency'),
      { ...f('tenor', '期限', 'Tenor'), dict: 'Tenor' },
      f('rateValue', '利率(%)', 'Rate (%)', 'rateValue', 'amount'),
      f('effectiveDate', '生效日期', 'Effective date'),
    ],
    value: 'rateCode',
    text: 'rateCode',
    modes: ['single'],
    sort: 'rateCode',
  },
] as const satisfies readonly LookupDef[];

export type LookupCode = (typeof LOOKUPS)[number]['code'];
export const LOOKUP_CODES = LOOKUPS.map((l) => l.code) as LookupCode[];

/** The budget lookup's right table: the amount typed, its rate into the budget's currency, the converted amount. */
export const BUDGET_AMOUNT_FIELD = 'budgetAmount';
export const BUDGET_RATE_FIELD = 'exchangeRate';
export const BUDGET_CONVERTED_FIELD = 'convertedAmount';
export const BUDGET_CURRENCY_FIELD = 'currencyName';

export function lookupOf(code: string): LookupDef | undefined {
  return (LOOKUPS as readonly LookupDef[]).find((l) => l.code === code);
}

/** Every field a row of the lookup carries: its columns and the carried ones. */
export function lookupFields(def: LookupDef): LookupField[] {
  return [...def.columns, ...(def.carry ?? [])];
}

/**
 * The search field that searches the lookup's value column (the organisation's `orgCode`, the
 * bank's `code` for its CNAPS number), if it has one: what a typed code is searched by (a
 * stored value's text, auto-select).
 */
export function valueSearchOf(def: LookupDef): string | undefined {
  const from = lookupFields(def).find((c) => c.name === def.value)?.from;
  return def.search.find((s) => s.from === from)?.name;
}

/**
 * Checks the table itself (names unique, value and text among the row's fields, labels in
 * both languages), so a mistake fails every test at import rather than as an empty dialog.
 */
function check(defs: readonly LookupDef[]) {
  const problems: string[] = [];
  for (const d of defs) {
    const names = lookupFields(d).map((x) => x.name);
    if (new Set(names).size !== names.length) problems.push(`${d.code}: a field name repeats`);
    if (!names.includes(d.value)) problems.push(`${d.code}: value ${d.value} is not a field`);
    if (!names.includes(d.text)) problems.push(`${d.code}: text ${d.text} is not a field`);
    for (const x of [...lookupFields(d), ...d.search]) for (const lang of LANGUAGES) if (!x.label[lang]) problems.push(`${d.code}: ${x.name} has no ${lang} label`);
    for (const x of [...lookupFields(d), ...d.search]) {
      const [res] = x.from.includes('.') ? x.from.split('.') : [null];
      if (res && !(d.joins ?? []).some((j) => j.resource === res)) problems.push(`${d.code}: ${x.name} comes from ${res}, which it does not join`);
    }
  }
  if (new Set(defs.map((d) => d.code)).size !== defs.length) problems.push('a lookup code repeats');
  if (problems.length) throw new Error(`lookups: ${problems.join('; ')}`);
}
check(LOOKUPS);
