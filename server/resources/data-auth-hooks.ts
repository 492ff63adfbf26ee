import type { Kysely } from 'kysely';
import { CODE } from '../../src/shared/codes';
import dataAuth from '../../src/resources/defs/data-auth';
import { refuse } from '../http/answer';
import type { ResourceHooks } from './register';

/**
 * What the data-auth family does beyond the generic routes (src/resources/defs/data-auth.ts):
 * "data-auth-main exists" (portal-shell §5) — a user's grant of a kind and value is one record
 * (the table's `data_auth_grant_uq`), refused with 2200 on add and on an update that would
 * repeat another, instead of failing on the constraint.
 */
async function refuseRepeat(tx: Kysely<any>, body: Record<string, unknown>, exceptId: number | null) {
  let query = tx.selectFrom(dataAuth.table).select('id').where('userCode', '=', String(body.userCode)).where('dataType', '=', String(body.dataType)).where('dataValue', '=', String(body.dataValue));
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw refuse(CODE.dataAuthExists, { user: String(body.userCode), type: String(body.dataType), value: String(body.dataValue) });
}

export const dataAuthHooks: ResourceHooks = {
  async beforeInsert(tx, body) {
    await refuseRepeat(tx as unknown as Kysely<any>, body, null);
    return {};
  },
  async beforeStep(tx, row, step, request) {
    if (step !== 'RECORD.UPDATE' && step !== 'RECORD.UPDATE_AND_SUBMIT') return;
    await refuseRepeat(tx as unknown as Kysely<any>, { ...row, ...(request.body as Record<string, unknown>) }, row.id as number);
  },
};
