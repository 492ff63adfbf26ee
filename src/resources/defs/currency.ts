import { col, defineResource, int, operation, seq, state, text } from '../define';

/** ISO 4217 currencies (seeded from the runtime's Intl data, names in both languages). */
export default defineResource({
  code: 'currency',
  path: '/currency',
  table: 'currency',
  label: { 'zh-CN': '币种', 'en-US': 'Currency' },
  fields: {
    currencyCode: text('币种代码', 'Currency code', { max: 3, pattern: '^[A-Z]{3}$', patternHint: 'resource.hint.isoAlpha3', required: true, unique: true, immutable: true }),
    currencyName: text('币种名称', 'Currency name', { max: 100, required: true }),
    currencyNameEn: text('英文名称', 'English name', { max: 100 }),
    currencyNumber: text('数字代码', 'Numeric code', { max: 3, pattern: '^[0-9]{3}$', patternHint: 'resource.hint.isoNumeric' }),
    decimals: int('小数位数', 'Decimal places', { min: 0, max: 4, required: true, default: 2 }),
  },
  query: ['currencyCode', 'currencyName'],
  columns: [seq(), col('currencyCode', 'code'), col('currencyName'), col('currencyNameEn'), col('currencyNumber'), col('decimals'), state(), operation()],
  title: 'currencyName',
  sort: { field: 'currencyCode', order: 'asc' },
  lifecycle: 'enable-disable',
});
