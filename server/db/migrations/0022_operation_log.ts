import { type Kysely, sql } from 'kysely';

/**
 * Issue 15 point 8, the operation log (docs/operation-log.md): one row per write and per login,
 * printed from the operate-log definition. The user's id is `created_by`; code and name are
 * copied, so a row still names whoever it was after the user is renamed or removed. Rows are
 * only inserted (server/plugins/operation-log.ts), never updated.
 */
const CREATE = [
  "create table operate_log (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  log_date date not null,\n  user_code varchar(64),\n  user_name varchar(100),\n  log_kind varchar(32) not null,\n  login_type varchar(32),\n  func_code varchar(300),\n  route varchar(300) not null,\n  resource_code varchar(64),\n  record_id varchar(64),\n  outcome varchar(32) not null,\n  result_code integer not null,\n  client_address varchar(64)\n)",
  'create index operate_log_user_code_idx on operate_log (user_code)',
  'create index operate_log_log_date_idx on operate_log (log_date)',
  'create index operate_log_log_kind_idx on operate_log (log_kind)',
  'create index operate_log_func_code_idx on operate_log (func_code)',
  'create index operate_log_outcome_idx on operate_log (outcome)',
  // The page lists newest first (createdAt, then id): the one order the log is read in.
  'create index operate_log_created_at_idx on operate_log (created_at, id)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists operate_log').execute(db);
}
