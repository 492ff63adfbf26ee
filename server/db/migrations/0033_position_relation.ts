import { sql, type Kysely } from 'kysely';

/** Position relations (src/resources/defs/position-relation.ts): the table, printed from the definition (server/resources/columns.ts). */
const CREATE = [
  "create table position_relation (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  duty_code varchar(64) not null,\n  related_duty_code varchar(64) not null,\n  remark varchar(200)\n)",
  'create index position_relation_duty_code_idx on position_relation (duty_code)',
  'create index position_relation_related_duty_code_idx on position_relation (related_duty_code)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists position_relation').execute(db);
}
