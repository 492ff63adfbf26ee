import type { Kysely } from 'kysely';

/**
 * Issue 8: the session that confirmed a QR code (the phone's) is remembered, so the login it
 * grants does not end it as "logged in elsewhere": the phone keeps its session.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('qr_login').addColumn('confirm_session_hash', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('qr_login').dropColumn('confirm_session_hash').execute();
}
