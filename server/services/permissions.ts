import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { USER_TYPE_ADMIN } from '../../src/shared/constants';
import { forbidden } from '../http/answer';

/** A preHandler for administrator-only calls (userType 1, shell §6): everyone else gets 403. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.user?.userType !== USER_TYPE_ADMIN) throw forbidden();
}

/**
 * True when one of the user's active duties grants the function. A function is named by its
 * page address (func.func_url, e.g. '/outbox'): the one stable name a function has.
 */
export async function grantedFunc(db: Db, userId: number, funcCode: string): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    select 1 as "one" from user_duty ud
    join duty d on d.id = ud.duty_id and d.status = 'active'
    join duty_func df on df.duty_id = ud.duty_id
    join func f on f.id = df.func_id
    where ud.user_id = ${userId} and f.func_url = ${funcCode}
    limit 1`.execute(db);
  return rows.length > 0;
}

/** Which of these functions the user's active duties grant (one query for a resource's several pages). */
export async function grantedFuncs(db: Db, userId: number, funcCodes: readonly string[]): Promise<Set<string>> {
  if (funcCodes.length === 0) return new Set();
  const { rows } = await sql<{ funcUrl: string }>`
    select distinct f.func_url as "funcUrl" from user_duty ud
    join duty d on d.id = ud.duty_id and d.status = 'active'
    join duty_func df on df.duty_id = ud.duty_id
    join func f on f.id = df.func_id
    where ud.user_id = ${userId} and f.func_url in (${sql.join([...funcCodes])})`.execute(db);
  return new Set(rows.map((r) => r.funcUrl));
}

/**
 * A preHandler for calls of a function, or of any of several (a resource shown on several
 * pages, each its own menu leaf: docs/data-auth.md): 403 unless the user's duties grant one.
 */
export const requireFunc = (funcCode: string | readonly string[]) =>
  async function requireFuncGrant(request: FastifyRequest): Promise<void> {
    if (!request.user) throw forbidden();
    const granted = typeof funcCode === 'string' ? await grantedFunc(request.server.db, request.user.id, funcCode) : (await grantedFuncs(request.server.db, request.user.id, funcCode)).size > 0;
    if (!granted) throw forbidden();
  };
