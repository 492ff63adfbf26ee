import { type Kysely, sql } from 'kysely';

/**
 * Issue 11 points 1 and 5: the edit form's settings (docs/edit-form-settings.md).
 *
 * - `section_order`: a user's section order of a page's edit form (a jsonb list of names).
 * - `section_exist`: whether a section of a page's form exists at all: administrators decide,
 *   for everyone (DECISIONS, "Administrators' settings"). A section not listed exists.
 * - `approval_field`: the approval field config resource (src/resources/defs/approval-field.ts);
 *   its create statements were printed from the definition (server/resources/columns.ts) and are
 *   frozen here; one config per page and field.
 */
const APPROVAL_FIELD = [
  "create table approval_field (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  code varchar(64) not null,\n  prop varchar(64) not null,\n  disabled boolean default true,\n  value varchar(500),\n  is_valid_value boolean default true\n)",
  'create index approval_field_code_idx on approval_field (code)',
  'create index approval_field_prop_idx on approval_field (prop)',
  // Whatever the hook says, two configs for one field of one page cannot both be stored.
  'create unique index approval_field_uq on approval_field (code, prop)',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('section_order')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('page_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('section_order', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('section_order_pk', ['user_id', 'page_code'])
    .execute();

  await db.schema
    .createTable('section_exist')
    .addColumn('page_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('exist', 'boolean', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('section_exist_pk', ['page_code', 'name'])
    .execute();

  for (const statement of APPROVAL_FIELD) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['approval_field', 'section_exist', 'section_order']) await db.schema.dropTable(table).execute();
}
