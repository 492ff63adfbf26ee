import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import type { RecordEventType } from '../../src/shared/record';
import { refuse } from '../http/answer';
import type { Db } from '../db/database';
import type { ResourceHooks } from './register';

/**
 * Position relations (docs/resources.md, "Position relations"): two duties one user may not hold
 * together. A relation names two different duties (3300), once whatever their order (3301), and
 * is not made or enabled while a user holds both (3302, naming the user). The duty stations
 * refuse the pair while the relation is enabled (incompatibleDuties, below; 3303).
 */

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

async function checkPair(tx: Db, pair: { dutyCode: unknown; relatedDutyCode: unknown }, exceptId: number | null): Promise<void> {
  const a = text(pair.dutyCode);
  const b = text(pair.relatedDutyCode);
  if (a === b) throw refuse(CODE.positionSame);
  const related = await sql<{ id: number }>`select id from position_relation
    where ((duty_code = ${a} and related_duty_code = ${b}) or (duty_code = ${b} and related_duty_code = ${a})) and id <> ${exceptId ?? 0} limit 1`.execute(tx);
  if (related.rows[0]) throw refuse(CODE.positionRelated, { a, b });
  const holder = await sql<{ userCode: string }>`select u.user_code as "userCode" from app_user u
    where exists (select 1 from user_duty ud join duty d on d.id = ud.duty_id where ud.user_id = u.id and d.duty_code = ${a})
      and exists (select 1 from user_duty ud join duty d on d.id = ud.duty_id where ud.user_id = u.id and d.duty_code = ${b})
    order by u.user_code limit 1`.execute(tx);
  if (holder.rows[0]) throw refuse(CODE.positionHeldTogether, { user: holder.rows[0].userCode, a, b });
}

const checkedSteps: ReadonlySet<RecordEventType> = new Set(['RECORD.UPDATE', 'RECORD.ENABLE']);

export const positionRelationHooks: ResourceHooks = {
  async beforeInsert(tx, body) {
    await checkPair(tx, { dutyCode: body.dutyCode, relatedDutyCode: body.relatedDutyCode }, null);
    return {};
  },
  async beforeStep(tx, row, step, request) {
    if (!checkedSteps.has(step)) return;
    // An update checks the pair it writes; an enable, the pair it holds (and only once it is enabled).
    const pair = step === 'RECORD.UPDATE' ? (request.body as Record<string, unknown>) : row;
    if (step === 'RECORD.UPDATE' && !row.enabled) {
      if (text(pair.dutyCode) === text(pair.relatedDutyCode)) throw refuse(CODE.positionSame);
      return;
    }
    await checkPair(tx, { dutyCode: pair.dutyCode, relatedDutyCode: pair.relatedDutyCode }, row.id);
  },
};

/** The first enabled relation two of these duties break, if any: what a user's duty stations may not hold together. */
export async function incompatibleDuties(db: Db, dutyIds: readonly number[]): Promise<{ a: string; b: string } | undefined> {
  if (dutyIds.length < 2) return undefined;
  const { rows } = await sql<{ a: string; b: string }>`select pr.duty_code as a, pr.related_duty_code as b from position_relation pr
    join duty da on da.duty_code = pr.duty_code join duty db on db.duty_code = pr.related_duty_code
    where pr.enabled and pr.record_state = 'approved' and da.id in (${sql.join(dutyIds)}) and db.id in (${sql.join(dutyIds)})
    order by pr.duty_code, pr.related_duty_code limit 1`.execute(db);
  return rows[0];
}
