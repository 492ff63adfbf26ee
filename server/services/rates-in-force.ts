import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { RateInForce } from '../../src/shared/contract/rates';

/**
 * The benchmark rates in force on a day (docs/resources.md, "Benchmark rates"): for each type,
 * currency and tenor, the enabled rate with the latest effective date on or before it.
 */
export async function ratesInForce(db: Db, date: string): Promise<RateInForce[]> {
  const { rows } = await sql<RateInForce>`select distinct on (rate_type, currency_code, tenor)
      rate_code as "rateCode", rate_type as "rateType", currency_code as "currencyCode", tenor, rate_value::float8 as "rateValue",
      to_char(effective_date, 'YYYY-MM-DD') as "effectiveDate", source_no as "sourceNo"
    from benchmark_rate
    where enabled and record_state = 'approved' and effective_date <= ${date}::date
    order by rate_type, currency_code, tenor, effective_date desc`.execute(db);
  return rows;
}
