import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../src/shared/codes';
import type { RecordEventType } from '../../src/shared/record';
import { refuse } from '../http/answer';
import type { Db } from '../db/database';
import type { Row } from './store';
import type { ResourceHooks } from './register';
import { benchmarkRateCode } from '../../src/resources/defs/benchmark-rate';

/**
 * Benchmark rates and the two applications that set them (docs/resources.md, "Benchmark
 * rates"), inside the application's own transaction, so a refusal writes nothing:
 * - rate-add: its approval publishes the rate for its type, currency, tenor and effective date,
 *   or replaces the value of the one already published for them (the last approved value is in
 *   force; the applications keep the history).
 * - rate-change: every save holds the rate it names to one in force (2400) whose value is the
 *   application's `oldValue` (2401) and differs from `newValue` (2402); the approving pass checks
 *   again and sets the value in the same statement, so two changes of one rate approved at once
 *   cannot both apply.
 */

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** A rate as a person reads it (3.1, not 3.100000), for messages. */
const shown = (v: unknown) => Number(v).toLocaleString('en-US', { maximumFractionDigits: 6, useGrouping: false });
const isApproval = (step: RecordEventType, row: Row) => step === 'RECORD.PASS' && row.recordState === 'approved';

export const rateAddHooks: ResourceHooks = {
  async afterWrite(tx, row, step) {
    if (!isApproval(step, row)) return;
    const rate = { rateType: text(row.rateType), currencyCode: text(row.currencyCode), tenor: text(row.tenor), effectiveDate: text(row.effectiveDate) };
    await sql`insert into benchmark_rate (rate_code, rate_type, currency_code, tenor, rate_value, effective_date, source_no, created_by, updated_by)
      values (${benchmarkRateCode(rate)}, ${rate.rateType}, ${rate.currencyCode}, ${rate.tenor}, ${String(row.rateValue)}::numeric, ${rate.effectiveDate}::date, ${text(row.applyNo)}, ${row.updatedBy}, ${row.updatedBy})
      on conflict (rate_code) do update set rate_value = excluded.rate_value, source_no = excluded.source_no, enabled = true,
        version = benchmark_rate.version + 1, updated_at = now(), updated_by = excluded.updated_by`.execute(tx);
  },
};

/** The rate a change names, as it is in force now; refused with 2400 when there is none. */
async function rateInForce(tx: Db, rateCode: string): Promise<{ value: string }> {
  const { rows } = await sql<{ value: string }>`select rate_value::text as value from benchmark_rate where rate_code = ${rateCode} and enabled and record_state = 'approved'`.execute(tx);
  if (!rows[0]) throw refuse(CODE.benchmarkRateUnknown, { rate: rateCode });
  return rows[0];
}

async function checkChange(tx: Db, change: Record<string, unknown>): Promise<void> {
  const rateCode = text(change.rateCode);
  const now = await rateInForce(tx, rateCode);
  if (Number(now.value) !== Number(change.oldValue)) throw refuse(CODE.benchmarkRateMoved, { rate: rateCode, value: shown(now.value), old: shown(change.oldValue) });
  if (Number(now.value) === Number(change.newValue)) throw refuse(CODE.benchmarkRateUnchanged, { value: shown(now.value) });
}

export const rateChangeHooks: ResourceHooks = {
  async beforeInsert(tx, body) {
    await checkChange(tx, body);
    return {};
  },
  async beforeStep(tx, row, step, request: FastifyRequest) {
    // The steps that save what is typed check it; a submit of a saved draft checks the draft.
    if (step === 'RECORD.UPDATE' || step === 'RECORD.UPDATE_AND_SUBMIT') await checkChange(tx, request.body as Record<string, unknown>);
    if (step === 'RECORD.SUBMIT') await checkChange(tx, row);
  },
  async afterWrite(tx, row, step) {
    if (!isApproval(step, row)) return;
    const rateCode = text(row.rateCode);
    const { rows } = await sql<{ id: number }>`update benchmark_rate set rate_value = ${String(row.newValue)}::numeric, source_no = ${text(row.applyNo)},
        version = version + 1, updated_at = now(), updated_by = ${row.updatedBy}
      where rate_code = ${rateCode} and enabled and record_state = 'approved' and rate_value = ${String(row.oldValue)}::numeric
      returning id`.execute(tx);
    if (rows.length === 1) return;
    const now = await rateInForce(tx, rateCode);
    throw refuse(CODE.benchmarkRateMoved, { rate: rateCode, value: shown(now.value), old: shown(row.oldValue) });
  },
};
