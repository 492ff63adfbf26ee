import { sql, type Kysely } from 'kysely';

/**
 * System field maps (src/resources/defs/sys-field-map-setting.ts; docs/import.md, "Field maps"):
 * the table, printed from the definition (server/resources/columns.ts). A column name is one
 * map's per resource as an import compares headers (spaces and case aside): the hook holds it,
 * under a lock against two writes at once (server/resources/field-map-hooks.ts).
 */
const CREATE = [
  "create table sys_field_map (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  resource_code varchar(64) not null,\n  field_name varchar(64) not null,\n  source_name varchar(100) not null,\n  source_system varchar(100),\n  remark varchar(200)\n)",
  'create index sys_field_map_resource_code_idx on sys_field_map (resource_code)',
  'create index sys_field_map_source_name_idx on sys_field_map (source_name)',
  'create index sys_field_map_source_system_idx on sys_field_map (source_system)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists sys_field_map').execute(db);
}
