import type { Kysely } from 'kysely';

/**
 * Issue 9: envelope keys are agreed per client (X25519) and bound to the session that first
 * uses them after login. Keys of the old shared kind are dropped: no client can derive them,
 * and a browser holding one gets 1106 and agrees a fresh key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('envelope_key').execute();
  await db.schema.alterTable('envelope_key').addColumn('session_hash', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('envelope_key').dropColumn('session_hash').execute();
}
