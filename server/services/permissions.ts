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

/** A preHandler for calls of one function: 403 unless the user's duties grant it. */
export const requireFunc = (funcCode: string) =>
  async function requireFuncGrant(request: FastifyRequest): Promise<void> {
    if (!request.user || !(await grantedFunc(request.server.db, request.user.id, funcCode))) throw forbidden();
  };
