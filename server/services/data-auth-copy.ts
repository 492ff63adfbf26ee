import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import dataAuth from '../../src/resources/defs/data-auth';
import { nextRecordState, type StoredRecordState } from '../../src/machines/record-lifecycle.machine';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import * as store from '../resources/store';
import { scrollPage } from './scroll-sources';

/** Grants still alive: the target of a copy must have none ("data-auth copy exists"). Nullified and refused ones are history. */
const LIVE_STATES = ['draft', 'submitted', 'returned', 'approved'] as const;

/**
 * Copies every grant in force of one user to another (portal-shell §1 "copy", §5 "data-auth
 * copy exists"; docs/data-auth.md) in one transaction: each a new grant submitted for review,
 * exactly as one saved and submitted by hand, so a second administrator passes each (four eyes).
 * Refused, with nothing written: the same user (2206); a user the user dropdown does not list
 * (2101); a target with a grant alive (2205); a source with no grant in force (2207).
 */
export async function copyGrants(db: Db, request: FastifyRequest, fromUser: string, toUser: string): Promise<number> {
  if (fromUser === toUser) throw refuse(CODE.dataAuthCopySame);
  const userLabel = dataAuth.fields.userCode!.label[request.lang];
  for (const user of [fromUser, toUser]) {
    const found = await scrollPage(db, 'user', { start: 1, limit: 1, value: user }, request.lang, request.user!);
    if (found.total === 0) throw refuse(CODE.scrollValueUnknown, { field: userLabel, value: user });
  }
  const next = nextRecordState(true, null, 'RECORD.SAVE_AND_SUBMIT') as StoredRecordState;
  return db.transaction().execute(async (tx) => {
    const any = tx as unknown as Kysely<any>;
    // Two administrators copying to the same user at once: the second waits here and then sees the first's grants.
    await sql`select pg_advisory_xact_lock(hashtext(${`data-auth-copy:${toUser}`}))`.execute(tx);
    const live = await any.selectFrom(dataAuth.table).select('id').where('userCode', '=', toUser).where('recordState', 'in', [...LIVE_STATES]).executeTakeFirst();
    if (live) throw refuse(CODE.dataAuthCopyExists, { user: toUser });
    const grants = (await any
      .selectFrom(dataAuth.table)
      .select(['dataType', 'structCode', 'dataValue', 'remark'])
      .where('userCode', '=', fromUser)
      .where('recordState', '=', 'approved')
      .where('enabled', '=', true)
      .orderBy('id')
      .execute()) as Array<Record<string, unknown>>;
    if (grants.length === 0) throw refuse(CODE.dataAuthCopyNothing, { user: fromUser });
    for (const grant of grants) await store.insertRecord(tx, dataAuth, { ...grant, userCode: toUser }, next, request.user!.id);
    return grants.length;
  });
}
