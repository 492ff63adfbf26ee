import { col, date, decimal, defineResource, dict, seq, text } from '../define';

/**
 * The benchmark rates in force (portal-shell §1, "benchmark rates … with approval"; the spec
 * shows no fields, so designed in docs/resources.md): one row a rate type, currency, tenor and
 * effective date, its value the one last approved. Nobody types here: an approved rate-add
 * publishes a row, an approved rate-change corrects its value (server/resources/rate-hooks.ts),
 * and `sourceNo` names the application that set the value shown. `rateCode` is the row's key,
 * made by the server from the four (`LPR-CNY-1Y-20250520`), which a rate change names.
 *
 * Its calls are the spec's `rate` family (DECISIONS "Rates": rate = the published benchmark
 * values; rate-add and rate-change the applications that create or change them); its page is the
 * menu's 基准利率 leaf.
 */
export default defineResource({
  code: 'rate',
  path: '/benchmark-rate',
  table: 'benchmark_rate',
  label: { 'zh-CN': '基准利率', 'en-US': 'Benchmark rate' },
  fields: {
    rateCode: text('利率代码', 'Rate code', { max: 80, required: true, unique: true, immutable: true }),
    rateType: dict('利率类型', 'Rate type', { dict: 'RateType', required: true }),
    currencyCode: text('币种', 'Currency', { max: 3, pattern: '^[A-Z]{3}$', patternHint: 'resource.hint.isoAlpha3', required: true }),
    tenor: dict('期限', 'Tenor', { dict: 'Tenor', required: true }),
    rateValue: decimal('利率(%)', 'Rate (%)', { min: -100, max: 100, scale: 6, required: true }),
    effectiveDate: date('生效日期', 'Effective date', { required: true }),
    sourceNo: text('来源申请', 'Set by application', { max: 64, required: true }),
  },
  query: ['rateType', 'currencyCode', 'tenor', 'effectiveDate'],
  columns: [seq(), col('rateCode', 'code'), col('rateType'), col('currencyCode'), col('tenor'), col('rateValue', 'amount'), col('effectiveDate'), col('sourceNo', 'code'), col('updatedAt')],
  title: 'rateCode',
  sort: { field: 'effectiveDate', order: 'desc' },
  lifecycle: 'enable-disable',
  readOnly: true,
});

/** A benchmark rate's key, `LPR-CNY-1Y-20250520`: made by the server, never typed. */
export function benchmarkRateCode(rate: { rateType: string; currencyCode: string; tenor: string; effectiveDate: string }): string {
  return `${rate.rateType}-${rate.currencyCode}-${rate.tenor}-${rate.effectiveDate.slice(0, 10).replace(/-/g, '')}`;
}
