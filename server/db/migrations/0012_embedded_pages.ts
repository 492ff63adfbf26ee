import { type Kysely, sql } from 'kysely';

/**
 * Issue 11 point 2: the pages an edit form embeds (src/resources/defs/sys-page-iframe.ts, the
 * statements its definition derives, frozen here; tests/server/resources-schema.test.ts holds
 * them together), and the demo guest page's remarks (embedded-remarks.html): one per form code
 * and record key (a record's id, or `new-…` for a form instance not saved yet).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create table sys_page_iframe (
  id integer generated always as identity primary key,
  version integer not null default 1,
  record_state varchar(16) not null default 'approved',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by integer,
  updated_by integer,
  form_code varchar(64) not null,
  iframe_title varchar(100) not null,
  iframe_name varchar(64) not null,
  iframe_url varchar(500) not null,
  iframe_height integer not null default 200,
  iframe_order integer not null default 0
)`)
    .execute(db);
  await sql.raw('create index sys_page_iframe_form_code_idx on sys_page_iframe (form_code)').execute(db);
  await sql.raw('create index sys_page_iframe_iframe_title_idx on sys_page_iframe (iframe_title)').execute(db);

  await db.schema
    .createTable('embedded_remark')
    .addColumn('form_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('embedded_remark_pk', ['form_code', 'record_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('embedded_remark').ifExists().execute();
  await db.schema.dropTable('sys_page_iframe').ifExists().execute();
}
