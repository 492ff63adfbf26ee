import { type Kysely, sql } from 'kysely';

/**
 * Issue 5, the application shell: login throttling, QR-code login, one-time codes and the
 * mail outbox, often-used and default menus, per-user reminders and settings, and the file
 * store's metadata (the login page's logos are its first files).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per counted event (a failed login, a code sent); counting rows in a window keeps
  // the throttle exact and shared by every server process on the database.
  await db.schema
    .createTable('throttle_event')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('bucket', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('throttle_event_lookup_idx').on('throttle_event').columns(['bucket', 'subject', 'created_at']).execute();

  await db.schema
    .createTable('qr_login')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('cascade'))
    .addColumn('client_address', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('qr_login_expires_idx').on('qr_login').column('expires_at').execute();

  await db.schema
    .createTable('one_time_code')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('one_time_code_user_idx').on('one_time_code').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('outbox_message')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('recipient', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('often_menu')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('func_id', 'integer', (c) => c.notNull().references('func.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('often_menu_pk', ['user_id', 'func_id'])
    .execute();

  await db.schema
    .alterTable('app_user')
    .addColumn('default_func_id', 'integer', (c) => c.references('func.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('app_user').addColumn('no_notify', 'boolean', (c) => c.notNull().defaultTo(false)).execute();

  // Title and content per language ({"zh-CN": …, "en-US": …}): each reader sees their own.
  await db.schema
    .createTable('remind')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('unread'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('remind_user_idx').on('remind').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('upload_file')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('system_code', 'varchar(16)')
    .addColumn('file_business_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('original_file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_ext_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('byte_size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('storage_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('comment', 'varchar(500)')
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('upload_file_order_idx').on('upload_file').column('order_no').execute();

  await db.schema.createIndex('duty_func_func_idx').on('duty_func').column('func_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('duty_func_func_idx').ifExists().execute();
  for (const table of ['upload_file', 'remind', 'often_menu', 'outbox_message', 'one_time_code', 'qr_login', 'throttle_event']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('app_user').dropColumn('no_notify').execute();
  await db.schema.alterTable('app_user').dropColumn('default_func_id').execute();
}
