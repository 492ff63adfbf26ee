import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { badRequest, refuse } from '../http/answer';
import { cleanFunctionValues, functionProblems, selfAndDescendants, type TreeFunction, type FunctionValues } from '../../src/shared/function-tree';

/**
 * The function tree (docs/function-tree.md): the menu's functions read and written whole, each
 * write in one transaction that locks the table, so two administrators adding at once take two
 * ids and a move checked against the tree finds the tree as it is written.
 */

const select = sql<TreeFunction>`select f.id, f.father_function_id as "fatherFunctionId", f.function_name as "functionName",
  f.function_name_en as "functionNameEn", f.func_url as "funcUrl", f.func_order as "funcOrder", f.version,
  (select count(*)::int from duty_func df where df.func_id = f.id) as "dutyCount"
  from func f`;

export async function functionTree(db: Db): Promise<TreeFunction[]> {
  return (await sql<TreeFunction>`${select} order by f.func_order, f.id`.execute(db)).rows;
}

async function functionById(db: Db, id: number): Promise<TreeFunction | undefined> {
  return (await sql<TreeFunction>`${select} where f.id = ${id}`.execute(db)).rows[0];
}

/** The values as the form's own rules take them (400 with every problem named), then cleaned. */
function checked(request: FastifyRequest, values: FunctionValues): FunctionValues {
  const problems = Object.entries(functionProblems(values));
  if (problems.length) throw badRequest(problems.map(([field, problem]) => request.t(`functionTree.${problem}`, { field: request.t(`functionTree.field.${field}`) })).join('; '));
  return cleanFunctionValues(values);
}

async function checkPlace(tx: Db, values: FunctionValues, id: number | null): Promise<void> {
  if (values.fatherFunctionId !== null) {
    const parent = await sql<{ id: number }>`select id from func where id = ${values.fatherFunctionId}`.execute(tx);
    if (!parent.rows[0]) throw refuse(CODE.functionUnknown, { id: values.fatherFunctionId });
    if (id !== null) {
      const all = (await sql<{ id: number; fatherFunctionId: number | null }>`select id, father_function_id as "fatherFunctionId" from func`.execute(tx)).rows;
      if (selfAndDescendants(all, id).has(values.fatherFunctionId)) throw refuse(CODE.functionCycle, { name: values.functionName });
    }
  }
  if (values.funcUrl !== null) {
    const taken = await sql<{ name: string }>`select function_name as name from func where func_url = ${values.funcUrl} and id <> ${id ?? 0} limit 1`.execute(tx);
    if (taken.rows[0]) throw refuse(CODE.functionUrlTaken, { name: taken.rows[0].name, url: values.funcUrl });
  }
}

const lockTree = (tx: Db) => sql`lock table func in share row exclusive mode`.execute(tx);

export async function addFunction(db: Db, request: FastifyRequest, given: FunctionValues): Promise<TreeFunction> {
  const values = checked(request, given);
  const id = await db.transaction().execute(async (tx) => {
    await lockTree(tx);
    await checkPlace(tx, values, null);
    // The seed numbers functions itself (ids shaped by their place); a new one takes the next free id.
    const { rows } = await sql<{ id: number }>`insert into func (id, father_function_id, function_name, function_name_en, func_url, func_order)
      select coalesce(max(id), 0) + 1, ${values.fatherFunctionId}, ${values.functionName}, ${values.functionNameEn}, ${values.funcUrl}, ${values.funcOrder} from func
      returning id`.execute(tx);
    return rows[0]!.id;
  });
  return (await functionById(db, id))!;
}

export async function updateFunction(db: Db, request: FastifyRequest, ref: { id: number; version: number }, given: FunctionValues): Promise<TreeFunction> {
  const values = checked(request, given);
  await db.transaction().execute(async (tx) => {
    await lockTree(tx);
    const row = await functionById(tx, ref.id);
    if (!row) throw refuse(CODE.functionUnknown, { id: ref.id });
    if (row.version !== ref.version) throw refuse(CODE.recordStale);
    await checkPlace(tx, values, ref.id);
    await sql`update func set father_function_id = ${values.fatherFunctionId}, function_name = ${values.functionName}, function_name_en = ${values.functionNameEn},
      func_url = ${values.funcUrl}, func_order = ${values.funcOrder}, version = version + 1 where id = ${ref.id}`.execute(tx);
  });
  return (await functionById(db, ref.id))!;
}

export async function deleteFunction(db: Db, request: FastifyRequest, ref: { id: number; version: number }): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lockTree(tx);
    const row = await functionById(tx, ref.id);
    if (!row) throw refuse(CODE.functionUnknown, { id: ref.id });
    if (row.version !== ref.version) throw refuse(CODE.recordStale);
    const name = request.lang === 'en-US' ? row.functionNameEn : row.functionName;
    const child = await sql<{ id: number }>`select id from func where father_function_id = ${ref.id} limit 1`.execute(tx);
    if (child.rows[0]) throw refuse(CODE.functionHasChildren, { name });
    const duty = await sql<{ code: string }>`select d.duty_code as code from duty_func df join duty d on d.id = df.duty_id where df.func_id = ${ref.id} order by d.duty_code limit 1`.execute(tx);
    if (duty.rows[0]) throw refuse(CODE.functionGranted, { name, duty: duty.rows[0].code });
    await sql`delete from func where id = ${ref.id}`.execute(tx);
  });
}
