import { col, defineResource, operation, seq, state, text } from '../define';

/** CNAPS line numbers: 12 digits, the first three the bank, then the city. */
export default defineResource({
  code: 'line-numbers',
  path: '/line-numbers',
  table: 'line_number',
  label: { 'zh-CN': '联行号', 'en-US': 'Line number' },
  fields: {
    lineNumber: text('联行号', 'Line number', { max: 12, pattern: '^[0-9]{12}$', patternHint: 'resource.hint.lineNumber', required: true, unique: true, immutable: true }),
    lineName: text('网点名称', 'Branch name', { max: 200, required: true }),
    bankCode: text('银行代码', 'Bank code', { max: 3, pattern: '^[0-9]{3}$', patternHint: 'resource.hint.bankCode', required: true }),
    provinceCode: text('省份代码', 'Province code', { max: 6 }),
    cityCode: text('城市代码', 'City code', { max: 6 }),
  },
  query: ['lineNumber', 'lineName', 'bankCode'],
  columns: [seq(), col('lineNumber', 'code'), col('lineName'), col('bankCode'), col('provinceCode'), col('cityCode'), state(), operation()],
  title: 'lineName',
  sort: { field: 'lineNumber', order: 'asc' },
  lifecycle: 'enable-disable',
});
