import { type Kysely, sql } from 'kysely';

/**
 * Issue 13 point 3, imports (docs/import.md): the error report of a refused import, kept so its
 * importer can download it from any server process until it expires. The id is random (a uuid
 * the server makes), and the owner is checked on every read as well. The lines are stored, not
 * a file: the report is written in the reader's format when it is asked for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_report')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('resource_code', 'varchar(64)', (c) => c.notNull())
    // The headings' language: the importer's when they imported.
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    // [{row, column, message}], in the order the rows were read.
    .addColumn('errors', 'jsonb', (c) => c.notNull())
    .addColumn('error_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_report_expires_idx').on('import_report').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_report').ifExists().execute();
}
