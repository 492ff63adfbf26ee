import { col, date, decimal, defineResource, dict, operation, seq, state, text } from '../define';

/**
 * Rate plans (portal-shell §1; DECISIONS "Rates": business rate plans built on benchmarks, one
 * menu leaf for the family): an application adds a plan or changes one (applyType), and goes
 * through the approval flow configured for business type `rate-plan` (docs/approvals.md).
 * The spec shows no field names; these are the least a plan needs.
 */
export default defineResource({
  code: 'rate-plan',
  path: '/rate-plan',
  table: 'rate_plan',
  label: { 'zh-CN': '利率方案', 'en-US': 'Rate plan' },
  fields: {
    planNo: text('方案编号', 'Plan number', { max: 64, required: true, unique: true, immutable: true, ruleCode: 'RP' }),
    planName: text('方案名称', 'Plan name', { max: 100, required: true }),
    applyType: dict('申请类型', 'Application type', { dict: 'RatePlanApplyType', required: true, default: 'ADD' }),
    rateType: dict('基准利率类型', 'Benchmark', { dict: 'RateType', required: true }),
    floatRate: decimal('浮动点数(%)', 'Spread (%)', { min: -100, max: 100, scale: 6, required: true }),
    effectiveDate: date('生效日期', 'Effective date', { required: true }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['planNo', 'planName', 'applyType', 'rateType'],
  columns: [seq(), col('planNo', 'code'), col('planName'), col('applyType'), col('rateType'), col('floatRate', 'amount'), col('effectiveDate'), state(), operation()],
  title: 'planNo',
  sort: { field: 'planNo', order: 'desc' },
  lifecycle: 'review',
  form: { autosave: { add: false } },
});
