import { type Kysely, sql } from 'kysely';

/**
 * Organisation structures and their module relations (portal-shell §1, §5; issue 12): the
 * tables src/resources/defs/org-struct.ts, org-struct-node.ts and org-struct-module-rel.ts
 * derive, frozen here (tests/server/resources-schema.test.ts holds them together), plus two
 * constraints the hooks (server/resources/org-struct-hooks.ts) refuse politely before a write
 * reaches them: an organisation is once in a structure, and one main structure is in force.
 */
const RECORD = `id integer generated always as identity primary key,
  version integer not null default 1,
  record_state varchar(16) not null default 'approved',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by integer,
  updated_by integer`;

const STATEMENTS = [
  `create table org_struct (
  ${RECORD},
  struct_code varchar(32) not null unique,
  struct_name varchar(100) not null,
  struct_name_en varchar(200) not null,
  main_flag boolean default false,
  remark varchar(500)
)`,
  'create index org_struct_struct_name_idx on org_struct (struct_name)',
  'create index org_struct_main_flag_idx on org_struct (main_flag)',
  // "A main structure already exists": at most one enabled structure is flagged main.
  'create unique index org_struct_main_uq on org_struct (main_flag) where main_flag and enabled',
  `create table org_struct_node (
  ${RECORD},
  struct_code varchar(32) not null,
  org_code varchar(64) not null,
  parent_org_code varchar(64)
)`,
  'create index org_struct_node_struct_code_idx on org_struct_node (struct_code)',
  'create index org_struct_node_org_code_idx on org_struct_node (org_code)',
  'create index org_struct_node_parent_org_code_idx on org_struct_node (parent_org_code)',
  // "Structure contains organisation": an organisation is one node of a structure.
  'create unique index org_struct_node_uq on org_struct_node (struct_code, org_code)',
  `create table org_struct_module_rel (
  ${RECORD},
  module_code varchar(32) not null unique,
  struct_code varchar(32) not null,
  remark varchar(500)
)`,
  'create index org_struct_module_rel_struct_code_idx on org_struct_module_rel (struct_code)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['org_struct_module_rel', 'org_struct_node', 'org_struct']) await db.schema.dropTable(table).execute();
}
