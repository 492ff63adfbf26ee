import { type Kysely, sql } from 'kysely';

/**
 * Issue 11 point 7: dynamic forms (widgets §3 "Extended (expand) form field", "Dynamic form
 * template", §7 "Dynamic form"; docs/dynamic-forms.md). `expand_template` holds the templates
 * administrators keep (the expand-template family): a code, a name and the field list as
 * jsonb. `element_info` holds the filled forms: the template code, a copy of the template's
 * fields as they were when the form was first saved (so a later change to the template never
 * changes what a filled form meant), the values as `templateData`, and a version.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('expand_template')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)')
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('enabled').check(sql`status in ('enabled', 'disabled')`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('element_info')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('template_code', 'varchar(64)', (c) => c.notNull().references('expand_template.code').onUpdate('cascade'))
    .addColumn('template', 'jsonb', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('element_info_template_idx').on('element_info').column('template_code').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('element_info').execute();
  await db.schema.dropTable('expand_template').execute();
}
