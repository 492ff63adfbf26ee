import { col, decimal, defineResource, operation, seq, state, text } from '../define';

/**
 * The group's bank accounts (widgets §3 "Account"): each held by an organisation, through a
 * financial office, in a currency, at a bank. The account, payment account and account dropdown
 * lookups list them. The organisation and the branch are lookups that
 * auto-select a typed code; the financial office is the office dropdown.
 */
export default defineResource({
  code: 'account',
  path: '/account',
  table: 'account',
  label: { 'zh-CN': '银行账户', 'en-US': 'Bank account' },
  fields: {
    acctNo: text('账号', 'Account number', { max: 32, pattern: '^[0-9A-Za-z-]{6,32}$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    acctName: text('账户名称', 'Account name', { max: 200, required: true }),
    orgCode: text('所属机构', 'Organisation', { max: 64, required: true, lookup: 'organisation', fills: { orgCode: 'orgCode' }, autoSelect: true }),
    // Five offices: the dropdown of widgets §2 (name shown, code stored) beats a search dialog.
    officeCode: text('财务公司', 'Financial office', { max: 20, scroll: 'office' }),
    currencyCode: text('币种', 'Currency', { max: 3, pattern: '^[A-Z]{3}$', patternHint: 'resource.hint.isoAlpha3', required: true }),
    bankCode: text('银行代码', 'Bank code', { max: 3, pattern: '^[0-9]{3}$', patternHint: 'resource.hint.bankCode', required: true }),
    lineNumber: text('开户行联行号', 'Branch CNAPS code', { max: 12, pattern: '^[0-9]{12}$', patternHint: 'resource.hint.lineNumber', lookup: 'bank', fills: { lineNumber: 'cnapsCode', bankCode: 'directCode' }, autoSelect: true }),
    acctNature: text('账户性质', 'Account nature', { max: 32 }),
    balance: decimal('余额', 'Balance', { min: -1e15, max: 1e15, scale: 2 }),
  },
  query: ['acctNo', 'acctName', 'orgCode', 'currencyCode'],
  columns: [seq(), col('acctNo', 'code'), col('acctName'), col('orgCode', 'code'), col('officeCode'), col('currencyCode'), col('bankCode'), col('acctNature'), col('balance', 'amount'), state(), operation()],
  title: 'acctName',
  sort: { field: 'acctNo', order: 'asc' },
  lifecycle: 'enable-disable',
  // Data authorisation: a user sees the accounts of the organisations granted to them.
  dataScope: [{ field: 'orgCode', dim: 'org' }],
  // Structure-node grants count through the structure the account module works by.
  module: 'ACCOUNT',
});
