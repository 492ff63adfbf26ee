import { type Kysely, sql } from 'kysely';

/**
 * Issue 13 point 1 and 2, the asynchronous export (docs/export.md, "Jobs"): an export of more
 * than 10,000 rows is a row here, so any server process can run it and serve its file. The row
 * holds the request as the server validated it (the table, its query, the columns, the type,
 * the caller's data cut resolved when it was asked), the progress, and the lease of the process
 * running it: a lapsed lease means that process died, and the job is run again or failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('export_job')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('resource_code', 'varchar(64)', (c) => c.notNull())
    // The table's query body (filters, sort, start, limit), checked against the resource's schema.
    .addColumn('query', 'jsonb', (c) => c.notNull())
    .addColumn('columns', 'jsonb', (c) => c.notNull())
    .addColumn('scope', 'varchar(2)', (c) => c.notNull())
    // The owner's data authorisation and page scope when the export was asked (ScopeFilter).
    .addColumn('data_scope', 'jsonb')
    .addColumn('file_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(64)', (c) => c.notNull())
    // Headers and dictionary names in the language the owner asked in.
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'running', 'done', 'failed')`))
    .addColumn('failure_code', 'integer')
    .addColumn('failure_params', 'jsonb')
    // The file in FILES_DIR, named by the server (never by the user); null until done.
    .addColumn('storage_name', 'varchar(100)', (c) => c.unique())
    .addColumn('byte_size', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker_id', 'varchar(100)')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('export_job_status_idx').on('export_job').columns(['status', 'id']).execute();
  await db.schema.createIndex('export_job_owner_idx').on('export_job').columns(['owner_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('export_job').ifExists().execute();
}
