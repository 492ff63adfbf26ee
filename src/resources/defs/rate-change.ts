import { col, decimal, defineResource, operation, seq, state, text } from '../define';

/**
 * Applications that correct a benchmark rate in force (portal-shell §1; designed in
 * docs/resources.md): the rate is picked with the magnifier, which fills the value it has now
 * (`oldValue`); the server holds that value to the rate's on every save and again on the
 * approving pass, so an application approves only the change its reviewer read. Approved, the
 * rate takes `newValue` (server/resources/rate-hooks.ts).
 */
export default defineResource({
  code: 'rate-change',
  path: '/rate-change',
  table: 'rate_change',
  label: { 'zh-CN': '基准利率变更', 'en-US': 'Benchmark rate change' },
  fields: {
    applyNo: text('申请编号', 'Application number', { max: 64, required: true, unique: true, immutable: true, ruleCode: 'RC' }),
    rateCode: text('基准利率', 'Benchmark rate', { max: 80, required: true, lookup: 'benchmark-rate', fills: { rateCode: 'rateCode', oldValue: 'rateValue' }, autoSelect: true }),
    oldValue: decimal('原利率(%)', 'Rate now (%)', { min: -100, max: 100, scale: 6, required: true }),
    newValue: decimal('新利率(%)', 'New rate (%)', { min: -100, max: 100, scale: 6, required: true }),
    reason: text('变更理由', 'Reason', { max: 500, required: true }),
  },
  query: ['applyNo', 'rateCode'],
  columns: [seq(), col('applyNo', 'code'), col('rateCode', 'code'), col('oldValue', 'amount'), col('newValue', 'amount'), col('reason'), state(), operation()],
  title: 'applyNo',
  sort: { field: 'applyNo', order: 'desc' },
  lifecycle: 'review',
  form: { container: 'dialog', autosave: { add: false } },
});
