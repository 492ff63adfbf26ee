import { col, date, decimal, defineResource, dict, operation, seq, state, text } from '../define';

/** Applications that publish a new benchmark rate: reviewed before they are in force. */
export default defineResource({
  code: 'rate-add',
  path: '/rate-add',
  table: 'rate_add',
  label: { 'zh-CN': '基准利率新增', 'en-US': 'Benchmark rate addition' },
  fields: {
    applyNo: text('申请编号', 'Application number', { max: 64, required: true, unique: true, immutable: true, ruleCode: 'RA' }),
    rateType: dict('利率类型', 'Rate type', { dict: 'RateType', required: true }),
    currencyCode: text('币种', 'Currency', { max: 3, pattern: '^[A-Z]{3}$', patternHint: 'resource.hint.isoAlpha3', required: true, default: 'CNY' }),
    tenor: dict('期限', 'Tenor', { dict: 'Tenor', required: true }),
    rateValue: decimal('利率(%)', 'Rate (%)', { min: -100, max: 100, scale: 6, required: true }),
    effectiveDate: date('生效日期', 'Effective date', { required: true }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['applyNo', 'rateType', 'tenor', 'effectiveDate'],
  columns: [seq(), col('applyNo', 'code'), col('rateType'), col('currencyCode'), col('tenor'), col('rateValue', 'amount'), col('effectiveDate'), state(), operation()],
  title: 'applyNo',
  sort: { field: 'applyNo', order: 'desc' },
  lifecycle: 'review',
  form: {
    sections: [
      { name: 'application', title: { 'zh-CN': '申请信息', 'en-US': 'Application' }, fields: ['applyNo', 'remark'] },
      { name: 'rate', title: { 'zh-CN': '利率信息', 'en-US': 'Rate' }, fields: ['rateType', 'currencyCode', 'tenor', 'rateValue', 'effectiveDate'] },
    ],
  },
});
