import { type Kysely, sql } from 'kysely';

/**
 * Issue 15 point 7, the hide-button map (src/resources/defs/func-button.ts; docs/resources.md,
 * "Hiding buttons and parameters"): which buttons and query parameters of which function are
 * shown, printed from the definition.
 */
const CREATE = [
  "create table func_button (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  func_url varchar(300) not null,\n  element_kind varchar(32) not null default 'button',\n  element_code varchar(64) not null,\n  function_display boolean not null default false,\n  remark varchar(200)\n)",
  'create index func_button_func_url_idx on func_button (func_url)',
  'create index func_button_element_kind_idx on func_button (element_kind)',
  'create index func_button_element_code_idx on func_button (element_code)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists func_button').execute(db);
}
