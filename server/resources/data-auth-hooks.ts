import { sql, type Kysely } from 'kysely';
import { CODE } from '../../src/shared/codes';
import dataAuth from '../../src/resources/defs/data-auth';
import { refuse } from '../http/answer';
import type { ResourceHooks } from './register';

/**
 * What the data-auth family does beyond the generic routes (src/resources/defs/data-auth.ts):
 * - "data-auth-main exists" (portal-shell §5) — a user's grant of a kind, structure and value is
 *   one record (the table's `data_auth_grant_uq`), refused with 2200 on add and on an update that
 *   would repeat another, instead of failing on the constraint;
 * - a structure node grant names an organisation that is a node of that structure (2208): the
 *   organisation dropdown lists every organisation, the structure's tree decides.
 */
async function refuseRepeat(tx: Kysely<any>, body: Record<string, unknown>, exceptId: number | null) {
  const struct = typeof body.structCode === 'string' ? body.structCode : '';
  let query = tx
    .selectFrom(dataAuth.table)
    .select('id')
    .where('userCode', '=', String(body.userCode))
    .where('dataType', '=', String(body.dataType))
    .where('dataValue', '=', String(body.dataValue))
    .where(sql<boolean>`coalesce(struct_code, '') = ${struct}`);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw refuse(CODE.dataAuthExists, { user: String(body.userCode), type: String(body.dataType), value: String(body.dataValue) });
}

async function refuseStrayNode(tx: Kysely<any>, body: Record<string, unknown>) {
  if (body.dataType !== 'orgStruct') return;
  const node = await sql`select 1 from org_struct_node where struct_code = ${String(body.structCode ?? '')} and org_code = ${String(body.dataValue)}`.execute(tx);
  if (node.rows.length === 0) throw refuse(CODE.dataAuthNodeUnknown, { value: String(body.dataValue), struct: String(body.structCode ?? '') });
}

export const dataAuthHooks: ResourceHooks = {
  async beforeInsert(tx, body) {
    await refuseRepeat(tx as unknown as Kysely<any>, body, null);
    await refuseStrayNode(tx as unknown as Kysely<any>, body);
    return {};
  },
  async beforeStep(tx, row, step, request) {
    if (step !== 'RECORD.UPDATE' && step !== 'RECORD.UPDATE_AND_SUBMIT') return;
    const next = { ...row, ...(request.body as Record<string, unknown>) };
    await refuseRepeat(tx as unknown as Kysely<any>, next, row.id as number);
    await refuseStrayNode(tx as unknown as Kysely<any>, next);
  },
};
