import { col, defineResource, operation, seq, state, text } from '../define';

/** Financial offices (widgets §3 "Office"): the finance companies and settlement offices accounts are held through. */
export default defineResource({
  code: 'financial-office',
  path: '/financial-office',
  table: 'financial_office',
  label: { 'zh-CN': '财务公司', 'en-US': 'Financial office' },
  fields: {
    officeCode: text('代码', 'Code', { max: 20, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    officeName: text('名称', 'Name', { max: 100, required: true }),
    financialType: text('金融机构类型', 'Financial type', { max: 50 }),
  },
  query: ['officeCode', 'officeName'],
  columns: [seq(), col('officeCode', 'code'), col('officeName'), col('financialType'), state(), operation()],
  title: 'officeName',
  sort: { field: 'officeCode', order: 'asc' },
  lifecycle: 'enable-disable',
  form: { container: 'dialog', layout: 'vertical' },
});
