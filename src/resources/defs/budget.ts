import { col, decimal, defineResource, operation, seq, state, text } from '../define';

/**
 * Budgets (widgets §3 "Budget"): an organisation's budget line for a period, in its currency,
 * with what it holds and what is used. The budget lookup (multi) picks lines and the amounts
 * taken from each, converted into the line's currency.
 */
export default defineResource({
  code: 'budget',
  path: '/budget',
  table: 'budget',
  label: { 'zh-CN': '预算', 'en-US': 'Budget' },
  fields: {
    budgetCode: text('预算编号', 'Budget code', { max: 32, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    budgetName: text('预算名称', 'Budget name', { max: 200, required: true }),
    // The organisation dropdown (widgets §2 scroll dropdowns), cut to the caller's grants.
    orgCode: text('所属机构', 'Organisation', { max: 64, required: true, scroll: 'organisation' }),
    currencyCode: text('预算币种', 'Budget currency', { max: 3, pattern: '^[A-Z]{3}$', patternHint: 'resource.hint.isoAlpha3', required: true }),
    totalAmount: decimal('预算金额', 'Budget amount', { min: 0, max: 1e15, scale: 2, required: true }),
    usedAmount: decimal('已用金额', 'Used amount', { min: 0, max: 1e15, scale: 2, required: true, default: 0 }),
    systemName: text('预算体系', 'Budget system', { max: 100 }),
    periodSystemName: text('期间体系', 'Period system', { max: 100 }),
    periodTypeName: text('期间类型', 'Period type', { max: 50 }),
    reportColumn: text('报表栏目', 'Report column', { max: 100 }),
  },
  query: ['budgetCode', 'budgetName', 'orgCode', 'currencyCode'],
  columns: [seq(), col('budgetCode', 'code'), col('budgetName'), col('orgCode', 'code'), col('currencyCode'), col('totalAmount', 'amount'), col('usedAmount', 'amount'), col('periodTypeName'), col('reportColumn'), state(), operation()],
  title: 'budgetName',
  sort: { field: 'budgetCode', order: 'asc' },
  lifecycle: 'enable-disable',
  // Data authorisation: a user sees the budgets of the organisations granted to them.
  dataScope: [{ field: 'orgCode', dim: 'org' }],
  // Structure-node grants count through the structure the budget module works by.
  module: 'BUDGET',
});
