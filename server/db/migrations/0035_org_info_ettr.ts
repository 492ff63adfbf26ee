import { sql, type Kysely } from 'kysely';

/**
 * Organisation extension fields (src/resources/defs/org-info-ettr.ts): the table, printed from
 * the definition (server/resources/columns.ts), and one field code once per organisation, which
 * the family's hook says in words first (3500) and this index holds against two adds at once.
 */
const CREATE = [
  "create table org_info_ettr (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  org_code varchar(64) not null,\n  attr_code varchar(64) not null,\n  attr_name varchar(100) not null,\n  attr_value varchar(500) not null,\n  remark varchar(200)\n)",
  'create unique index org_info_ettr_org_code_attr_code_key on org_info_ettr (org_code, attr_code)',
  'create index org_info_ettr_attr_code_idx on org_info_ettr (attr_code)',
  'create index org_info_ettr_attr_name_idx on org_info_ettr (attr_name)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists org_info_ettr').execute(db);
}
