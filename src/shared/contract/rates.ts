import { Body, Text, Type, endpoint, type Static } from './define';

/**
 * The interest rates in force on a day (the menu's 利率 leaf; docs/resources.md, "Benchmark
 * rates"): for each rate type, currency and tenor, the benchmark rate with the latest effective
 * date on or before it.
 */
export const RateInForce = Type.Object({
  rateCode: Type.String(),
  rateType: Type.String(),
  currencyCode: Type.String(),
  tenor: Type.String(),
  rateValue: Type.Number(),
  effectiveDate: Type.String(),
  sourceNo: Type.String(),
});
export type RateInForce = Static<typeof RateInForce>;

export const rates = {
  inForce: endpoint({
    path: '/api/fsmc/rate/in-force',
    summary: 'For each rate type, currency and tenor, the benchmark rate in force on the day asked (the latest effective on or before it); 400 for a day that is not one.',
    body: Body({ date: Text(10, { min: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) }),
    data: Type.Array(RateInForce),
    flags: { func: '/rate', read: true },
  }),
};
