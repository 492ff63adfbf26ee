import { col, date, decimal, defineResource, operation, seq, state, text } from '../define';

/** Daily exchange rates by currency pair: a big-data table (a year of days for each pair). */
export default defineResource({
  code: 'exchange-rate',
  path: '/exchange-rate',
  table: 'exchange_rate',
  label: { 'zh-CN': '汇率', 'en-US': 'Exchange rate' },
  fields: {
    rateDate: date('日期', 'Date', { required: true }),
    sourceCurrency: text('原币种', 'From currency', { max: 3, pattern: '^[A-Z]{3}$', patternHint: 'resource.hint.isoAlpha3', required: true }),
    targetCurrency: text('目标币种', 'To currency', { max: 3, pattern: '^[A-Z]{3}$', patternHint: 'resource.hint.isoAlpha3', required: true }),
    rate: decimal('汇率', 'Rate', { min: 0, max: 1e9, scale: 6, required: true }),
  },
  query: ['rateDate', 'sourceCurrency', 'targetCurrency'],
  columns: [seq(), col('rateDate'), col('sourceCurrency', 'code'), col('targetCurrency', 'code'), col('rate', 'amount'), state(), operation()],
  title: 'sourceCurrency',
  sort: { field: 'rateDate', order: 'desc' },
  lifecycle: 'enable-disable',
  bigData: true,
  // portal-shell §1: rates come in from a template; COVER replaces the chosen days' rates.
  import: {
    templates: [{ type: 'exchange-rate', label: { 'zh-CN': '汇率导入模板', 'en-US': 'Exchange rate template' }, columns: ['rateDate', 'sourceCurrency', 'targetCurrency', 'rate'] }],
    cover: { field: 'rateDate' },
  },
});
