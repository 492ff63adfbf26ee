import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { ImportRowError } from '../../../src/shared/contract/import';
import { IMPORT_REPORT_KEEP_HOURS } from '../../../src/shared/constants';

/**
 * A refused import's error report (migration 0019; docs/import.md, "Error report"): its lines are
 * kept for the importer, under a random id, until IMPORT_REPORT_KEEP_HOURS have passed; the
 * housekeeping timer sweeps the expired ones (plugins/housekeeping.ts). Any process serves it,
 * as the rows live in the database.
 */
const HOUR_MS = 3_600_000;

export async function saveReport(db: Db, owner: { id: number; lang: string }, resourceCode: string, errors: readonly ImportRowError[], now: number): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('importReport')
    .values({ id, ownerId: owner.id, resourceCode, lang: owner.lang, errors: JSON.stringify(errors), errorCount: errors.length, expiresAt: new Date(now + IMPORT_REPORT_KEEP_HOURS * HOUR_MS) })
    .execute();
  return id;
}

export async function sweepImportReports(db: Db, now: number): Promise<void> {
  await db.deleteFrom('importReport').where('expiresAt', '<', new Date(now)).execute();
}

/** The caller's own report while it is kept; another user's is not told apart from none. */
export async function ownReport(db: Db, ownerId: number, id: string, now: number) {
  return db
    .selectFrom('importReport')
    .select(['id', 'resourceCode', 'lang', 'errors', 'errorCount'])
    .where('id', '=', id)
    .where('ownerId', '=', ownerId)
    .where('expiresAt', '>', new Date(now))
    .executeTakeFirst();
}
