import type { Kysely } from 'kysely';

/**
 * Issue 15 point 1, a decision's attachments (docs/approvals.md): they are stored files like any
 * other (upload_file; their orderNo says whose), filed under the attachment setting of the
 * business `approval-decision`, seeded on here with at most DECISION_FILES_MAX (10) files, so
 * administrators set its count like any other's. No table changes: the orderNo ties a file to
 * its decision (`WKFL<history id>`).
 */
const BUSINESS = 'approval-decision';

export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('attach_type_set').values({ business_code: BUSINESS, attachment_flag: true, is_self_set: false, default_is_require: false, is_limit: true, attachment_size: 10 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('attach_type_set').where('business_code', '=', BUSINESS).execute();
}
