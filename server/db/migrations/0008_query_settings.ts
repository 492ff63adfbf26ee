import { type Kysely, sql } from 'kysely';

/**
 * Issue 10 points 4 and 6: the query page's settings (widgets §3, §5, §7; DECISIONS, "Saved
 * queries" and "Administrators' settings"). Saved queries, the query form's field order and
 * the table's column settings belong to a user and a page; hidden params and whether a column
 * exists belong to a page, for everyone. A page is named by its code (a resource's code).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_query')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('page_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('form_data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Names are unique per user and page (ours: two chips with one name cannot be told apart).
  await db.schema.createIndex('saved_query_name_uq').on('saved_query').columns(['user_id', 'page_code', 'name']).unique().execute();
  // At most one default per user and page, whatever the service does.
  await sql`create unique index saved_query_default_uq on saved_query (user_id, page_code) where is_default`.execute(db);

  await db.schema
    .createTable('query_form_order')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('page_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('field_order', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('query_form_order_pk', ['user_id', 'page_code'])
    .execute();

  await db.schema
    .createTable('query_hidden_param')
    .addColumn('page_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('prop', 'varchar(64)', (c) => c.notNull())
    .addColumn('label', 'varchar(100)')
    .addColumn('show_or_hide', 'boolean', (c) => c.notNull())
    .addColumn('default_val', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('required', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('query_hidden_param_pk', ['page_code', 'prop'])
    .execute();

  await db.schema
    .createTable('table_column_setting')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('page_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('columns', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('table_column_setting_pk', ['user_id', 'page_code'])
    .execute();

  await db.schema
    .createTable('table_column_exist')
    .addColumn('page_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('field', 'varchar(64)', (c) => c.notNull())
    .addColumn('exist', 'boolean', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('table_column_exist_pk', ['page_code', 'field'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['table_column_exist', 'table_column_setting', 'query_hidden_param', 'query_form_order', 'saved_query']) await db.schema.dropTable(table).execute();
}
