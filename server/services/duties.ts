import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { localised } from '../i18n';

/**
 * Users, their duty stations and the duties' function grants (issue 5 point 8). The seed,
 * the tests and (later) the administration screens change grants only through these, so a
 * grant never names a function or duty that does not exist.
 */
type Q = Kysely<Database>;

export class UnknownIdsError extends Error {
  constructor(readonly kind: 'func' | 'duty', readonly ids: number[]) {
    super(`unknown ${kind} ids: ${ids.join(', ')}`);
  }
}

async function requireAll(db: Q, kind: 'func' | 'duty', ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await db.selectFrom(kind).select('id').where('id', 'in', unique).execute();
  const have = new Set(found.map((r) => r.id));
  const missing = unique.filter((id) => !have.has(id));
  if (missing.length) throw new UnknownIdsError(kind, missing);
  return unique;
}

export async function createDuty(db: Q, duty: { dutyCode: string; dutyName: string; dutyNameEn?: string | null }): Promise<number> {
  const row = await db
    .insertInto('duty')
    .values({ dutyCode: duty.dutyCode, dutyName: duty.dutyName, dutyNameEn: duty.dutyNameEn ?? null, status: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the duty's function list. Run inside the caller's transaction when given one. */
export async function setDutyFunctions(db: Q, dutyId: number, funcIds: number[]): Promise<void> {
  const run = async (tx: Q) => {
    const ids = await requireAll(tx, 'func', funcIds);
    await tx.deleteFrom('dutyFunc').where('dutyId', '=', dutyId).execute();
    // Chunked: one statement per chunk keeps the parameter count under PostgreSQL's limit.
    for (let i = 0; i < ids.length; i += 5000) {
      await tx.insertInto('dutyFunc').values(ids.slice(i, i + 5000).map((funcId) => ({ dutyId, funcId }))).execute();
    }
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

/** Replaces the user's duty stations. */
export async function setUserDuties(db: Q, userId: number, dutyIds: number[]): Promise<void> {
  const run = async (tx: Q) => {
    const ids = await requireAll(tx, 'duty', dutyIds);
    await tx.deleteFrom('userDuty').where('userId', '=', userId).execute();
    if (ids.length) await tx.insertInto('userDuty').values(ids.map((dutyId) => ({ userId, dutyId }))).execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

export async function dutyFunctionIds(db: Q, dutyId: number): Promise<number[]> {
  const rows = await db.selectFrom('dutyFunc').select('funcId').where('dutyId', '=', dutyId).orderBy('funcId').execute();
  return rows.map((r) => r.funcId);
}

export async function userDutyIds(db: Q, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('userDuty').select('dutyId').where('userId', '=', userId).orderBy('dutyId').execute();
  return rows.map((r) => r.dutyId);
}

/** The user's duty stations as the shell shows them, names in the reader's language. */
export async function dutyStations(db: Q, userId: number, lang: string) {
  const rows = await db
    .selectFrom('userDuty as ud')
    .innerJoin('duty as d', 'd.id', 'ud.dutyId')
    .select(['d.id', 'd.dutyCode', 'd.dutyName', 'd.dutyNameEn', 'd.status'])
    .where('ud.userId', '=', userId)
    .orderBy('d.id')
    .execute();
  return rows.map((d) => ({ id: d.id, dutyCode: d.dutyCode, dutyName: localised(lang, d.dutyName, d.dutyNameEn), status: d.status }));
}
