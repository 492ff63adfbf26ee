import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the schema at their own point in history, not
// the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('org')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('org_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('org_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('org_name_en', 'varchar(200)')
    .addColumn('org_type', 'varchar(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('app_user')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_name_en', 'varchar(100)')
    .addColumn('org_id', 'integer', (c) => c.references('org.id'))
    .addColumn('user_type', 'smallint', (c) => c.notNull().defaultTo(2))
    .addColumn('staff_type', 'smallint', (c) => c.notNull().defaultTo(2))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(200)')
    .addColumn('gender', 'varchar(8)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('lang', 'varchar(8)')
    .addColumn('theme_name', 'varchar(32)')
    .addColumn('nav_color', 'varchar(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('duty')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('duty_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('duty_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('duty_name_en', 'varchar(100)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .execute();

  await db.schema
    .createTable('user_duty')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('duty_id', 'integer', (c) => c.notNull().references('duty.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_duty_pk', ['user_id', 'duty_id'])
    .execute();

  await db.schema
    .createTable('func')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('father_function_id', 'integer')
    .addColumn('function_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('function_name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('func_url', 'varchar(300)')
    .addColumn('func_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('func_father_idx').on('func').column('father_function_id').execute();

  await db.schema
    .createTable('duty_func')
    .addColumn('duty_id', 'integer', (c) => c.notNull().references('duty.id').onDelete('cascade'))
    .addColumn('func_id', 'integer', (c) => c.notNull().references('func.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('duty_func_pk', ['duty_id', 'func_id'])
    .execute();

  await db.schema
    .createTable('dictionary_item')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('group_name', 'varchar(16)', (c) => c.notNull())
    .addColumn('dict_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'varchar(64)', (c) => c.notNull())
    .addColumn('text_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('text_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('dictionary_item_uq', ['dict_type', 'value'])
    .execute();

  await db.schema
    .createTable('user_session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'varchar(16)')
    .addColumn('lang', 'varchar(8)')
    .addColumn('cluster_no', 'varchar(32)')
    .execute();
  await db.schema.createIndex('user_session_user_idx').on('user_session').column('user_id').execute();

  await db.schema
    .createTable('sys_param')
    .addColumn('param_key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('param_value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sys_param', 'user_session', 'dictionary_item', 'duty_func', 'func', 'user_duty', 'duty', 'app_user', 'org']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
