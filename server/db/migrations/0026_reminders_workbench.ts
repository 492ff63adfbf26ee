import { type Kysely, sql } from 'kysely';

/**
 * Issue 15 points 4 and 5 (docs/reminders.md, docs/workbench.md): the reminder configuration,
 * parameter and template tables, printed from their definitions; where a generated reminder
 * comes from (`remind.config_code`, and `remind.source_key`, unique per user, so a condition
 * reminds a user once per day and configuration version however often generation runs); and
 * the accounts' transactions the workbench's cash flow sums (by day, in and out).
 */
const CREATE = [
  "create table remind_template (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  template_code varchar(32) not null unique,\n  template_name varchar(100) not null,\n  remind_kind varchar(32) not null,\n  title_zh varchar(200) not null,\n  title_en varchar(200) not null,\n  content_zh varchar(1000) not null,\n  content_en varchar(1000) not null\n)",
  "create index remind_template_template_name_idx on remind_template (template_name)",
  "create index remind_template_remind_kind_idx on remind_template (remind_kind)",
  "create table remind_param (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  remind_kind varchar(32) not null,\n  param_code varchar(32) not null,\n  param_name varchar(100) not null,\n  param_name_en varchar(100) not null,\n  remark varchar(500)\n)",
  "create index remind_param_param_code_idx on remind_param (param_code)",
  "create index remind_param_remind_kind_idx on remind_param (remind_kind)",
  "create index remind_param_param_name_idx on remind_param (param_name)",
  "create table remind_config (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  config_code varchar(32) not null unique,\n  config_name varchar(100) not null,\n  remind_kind varchar(32) not null,\n  template_code varchar(32) not null,\n  target_type varchar(32) not null default 'duty',\n  targets varchar(500) not null,\n  threshold numeric(24, 2),\n  currency_code varchar(3),\n  days integer,\n  remark varchar(500)\n)",
  "create index remind_config_config_name_idx on remind_config (config_name)",
  "create index remind_config_remind_kind_idx on remind_config (remind_kind)",
  'alter table remind add column config_code varchar(32)',
  'alter table remind add column source_key varchar(200)',
  'create unique index remind_source_uq on remind (user_id, source_key)',
  `create table acct_transaction (
  id integer generated always as identity primary key,
  acct_no varchar(32) not null references account (acct_no) on delete cascade,
  org_code varchar(64) not null,
  currency_code varchar(3) not null,
  txn_date date not null,
  direction varchar(3) not null check (direction in ('in', 'out')),
  amount numeric(24, 2) not null check (amount > 0),
  summary varchar(200) not null
)`,
  // The cash flow reads a window of days, cut by organisation (data authorisation).
  'create index acct_transaction_date_idx on acct_transaction (txn_date, org_code)',
  'create index acct_transaction_acct_idx on acct_transaction (acct_no)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists acct_transaction').execute(db);
  await sql.raw('drop index if exists remind_source_uq').execute(db);
  await sql.raw('alter table remind drop column if exists source_key').execute(db);
  await sql.raw('alter table remind drop column if exists config_code').execute(db);
  for (const table of ['remind_config', 'remind_param', 'remind_template']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
