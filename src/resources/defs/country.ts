import { col, defineResource, operation, seq, state, text } from '../define';

/** ISO 3166 countries and regions (seeded from the runtime's Intl data). */
export default defineResource({
  code: 'country',
  path: '/country',
  table: 'country',
  label: { 'zh-CN': '国家', 'en-US': 'Country' },
  fields: {
    countryCode: text('国家代码', 'Country code', { max: 2, pattern: '^[A-Z]{2}$', patternHint: 'resource.hint.isoAlpha2', required: true, unique: true, immutable: true }),
    countryName: text('国家名称', 'Country name', { max: 100, required: true }),
    countryNameEn: text('英文名称', 'English name', { max: 100 }),
    countryNumber: text('数字代码', 'Numeric code', { max: 3, pattern: '^[0-9]{3}$', patternHint: 'resource.hint.isoNumeric' }),
  },
  query: ['countryCode', 'countryName'],
  columns: [seq(), col('countryCode', 'code'), col('countryName'), col('countryNameEn'), col('countryNumber'), state(), operation()],
  title: 'countryName',
  sort: { field: 'countryCode', order: 'asc' },
  lifecycle: 'enable-disable',
  // A small record: the generic edit dialog (widgets §2), fields one above another.
  form: { container: 'dialog', layout: 'vertical' },
});
