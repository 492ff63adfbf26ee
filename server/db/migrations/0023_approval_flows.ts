import { type Kysely, sql } from 'kysely';

/**
 * Issue 15 points 1 and 2, approval flows (docs/approvals.md): the process-flow configuration
 * (process-config, one row per step) and the applications that go through it (rate-plan,
 * finance-org-enter, -modify, -back), printed from their definitions; then the flows
 * themselves. A flow instance copies its steps when it starts (wkfl_instance_step), so changing
 * the configuration never changes a flow already running; every submission and decision is a
 * wkfl_history row (who, when, what, comment).
 */
const RESOURCES = [
  "create table process_config (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  business_type varchar(64) not null,\n  process_name varchar(100) not null,\n  step_no integer not null,\n  step_name varchar(100) not null,\n  step_name_en varchar(100) not null,\n  duty_codes varchar(500) not null,\n  remark varchar(500)\n)",
  "create index process_config_business_type_idx on process_config (business_type)",
  "create index process_config_process_name_idx on process_config (process_name)",
  "create index process_config_step_name_idx on process_config (step_name)",
  "create table rate_plan (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  plan_no varchar(64) not null unique,\n  plan_name varchar(100) not null,\n  apply_type varchar(32) not null default 'ADD',\n  rate_type varchar(32) not null,\n  float_rate numeric(24, 6) not null,\n  effective_date date not null,\n  remark varchar(500)\n)",
  "create index rate_plan_plan_name_idx on rate_plan (plan_name)",
  "create index rate_plan_apply_type_idx on rate_plan (apply_type)",
  "create index rate_plan_rate_type_idx on rate_plan (rate_type)",
  "create table finance_org_enter (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  apply_no varchar(64) not null unique,\n  org_name varchar(100) not null,\n  bank_code varchar(20) not null,\n  reason varchar(500) not null,\n  remark varchar(500)\n)",
  "create index finance_org_enter_org_name_idx on finance_org_enter (org_name)",
  "create index finance_org_enter_bank_code_idx on finance_org_enter (bank_code)",
  "create table finance_org_modify (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  apply_no varchar(64) not null unique,\n  org_name varchar(100) not null,\n  bank_code varchar(20) not null,\n  reason varchar(500) not null,\n  remark varchar(500)\n)",
  "create index finance_org_modify_org_name_idx on finance_org_modify (org_name)",
  "create index finance_org_modify_bank_code_idx on finance_org_modify (bank_code)",
  "create table finance_org_back (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  apply_no varchar(64) not null unique,\n  org_name varchar(100) not null,\n  bank_code varchar(20) not null,\n  reason varchar(500) not null,\n  remark varchar(500)\n)",
  "create index finance_org_back_org_name_idx on finance_org_back (org_name)",
  "create index finance_org_back_bank_code_idx on finance_org_back (bank_code)",
];

const FLOWS = [
  `create table wkfl_instance (
  id integer generated always as identity primary key,
  business_type varchar(64) not null,
  record_id integer not null,
  process_name varchar(100) not null,
  status varchar(16) not null default 'running',
  current_step integer,
  submitted_by integer not null references app_user (id),
  submitted_at timestamptz not null default now(),
  ended_at timestamptz
)`,
  'create index wkfl_instance_record_idx on wkfl_instance (business_type, record_id)',
  'create index wkfl_instance_running_idx on wkfl_instance (status, current_step)',
  // At most one running flow a record: two submissions racing cannot both start one.
  "create unique index wkfl_instance_one_running_uq on wkfl_instance (business_type, record_id) where status = 'running'",
  `create table wkfl_instance_step (
  instance_id integer not null references wkfl_instance (id) on delete cascade,
  step_no integer not null,
  step_name varchar(100) not null,
  step_name_en varchar(100) not null,
  duty_codes varchar(500) not null,
  primary key (instance_id, step_no)
)`,
  `create table wkfl_history (
  id integer generated always as identity primary key,
  instance_id integer not null references wkfl_instance (id) on delete cascade,
  step_no integer,
  action varchar(16) not null,
  user_id integer not null references app_user (id),
  comment varchar(500),
  decided_at timestamptz not null default now()
)`,
  'create index wkfl_history_instance_idx on wkfl_history (instance_id, id)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of [...RESOURCES, ...FLOWS]) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['wkfl_history', 'wkfl_instance_step', 'wkfl_instance', 'finance_org_back', 'finance_org_modify', 'finance_org_enter', 'rate_plan', 'process_config']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
