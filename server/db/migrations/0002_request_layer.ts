import { type Kysely, sql } from 'kysely';

/**
 * The request layer's state (issue 3), in the database so any server process can check any
 * request: the envelope keys handed out, the envelope nonces already seen (replay), and the
 * one-time request tokens (double submit) and validation flags (412 confirmations).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('envelope_key')
    .addColumn('key_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cipher', 'varchar(16)', (c) => c.notNull())
    .addColumn('enc_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('mac_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('envelope_nonce')
    .addColumn('nonce', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('envelope_nonce_seen_idx').on('envelope_nonce').column('seen_at').execute();

  await db.schema
    .createTable('request_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_hash', 'varchar(64)', (c) => c.notNull())
    // submit: the double-submit token; confirm: a 412 validation flag, bound to one route.
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('route', 'varchar(300)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('request_token_session_idx').on('request_token').column('session_hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['request_token', 'envelope_nonce', 'envelope_key']) await db.schema.dropTable(table).ifExists().execute();
}
