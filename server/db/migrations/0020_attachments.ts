import { type Kysely, sql } from 'kysely';

/**
 * Issue 13 point 4, attachments (docs/attachments.md). A stored file learns which record it
 * belongs to (resource code and record id, so a read can ask whether the caller may see that
 * record) and whether it may be deleted (deleteFlag: empty or '1' deletable). The attachment
 * settings per business (attach-type-set) and their types (attach-type) are resource tables;
 * the statements were printed from their definitions (server/resources/columns.ts).
 */
const CREATE = [
  "create table attach_type_set (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  business_code varchar(64) not null unique,\n  attachment_flag boolean not null default true,\n  attachment_outer_url varchar(500),\n  is_self_set boolean not null default false,\n  default_is_require boolean not null default false,\n  is_limit boolean not null default false,\n  attachment_size integer not null default 10\n)",
  "create table attach_type (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  business_code varchar(64) not null,\n  attachment_type_name varchar(64) not null,\n  is_require boolean not null default false,\n  sort integer not null default 0\n)",
  'create index attach_type_business_code_idx on attach_type (business_code)',
  'create index attach_type_attachment_type_name_idx on attach_type (attachment_type_name)',
  // A type is named once per business: the required-type check compares names.
  'create unique index attach_type_name_uq on attach_type (business_code, attachment_type_name)',
];

/**
 * The businesses that carry attachments from the start: a contact organisation's account needs
 * its account-opening licence; a counterparty files its licence and contracts, none required.
 */
const SETTINGS = [
  { business: 'contact-org-acc', size: 5, types: [['开户许可证', true], ['其他', false]] },
  { business: 'counter-party', size: 10, types: [['营业执照', false], ['合同', false]] },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table upload_file add column delete_flag varchar(1), add column resource_code varchar(64), add column record_id integer').execute(db);
  await sql.raw('create index upload_file_record_idx on upload_file (resource_code, record_id)').execute(db);
  for (const statement of CREATE) await sql.raw(statement).execute(db);
  for (const s of SETTINGS) {
    await db.insertInto('attach_type_set').values({ business_code: s.business, attachment_flag: true, is_self_set: true, default_is_require: false, is_limit: true, attachment_size: s.size }).execute();
    await db.insertInto('attach_type').values(s.types.map(([name, required], i) => ({ business_code: s.business, attachment_type_name: name, is_require: required, sort: i + 1 }))).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists attach_type').execute(db);
  await sql.raw('drop table if exists attach_type_set').execute(db);
  await sql.raw('drop index if exists upload_file_record_idx').execute(db);
  await sql.raw('alter table upload_file drop column delete_flag, drop column resource_code, drop column record_id').execute(db);
}
