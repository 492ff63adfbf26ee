import { sql, type Kysely } from 'kysely';

/**
 * Sensitive information settings (src/resources/defs/sensitive-set.ts; docs/sensitive-info.md):
 * the table, printed from the definition (server/resources/columns.ts), with one setting a
 * resource's field (a unique index beside the hook's 3702); the MaskRule dictionary for a
 * database seeded before (a new one gets it from the seed, server/db/seed-data/dictionaries.ts);
 * and an export job's masks, kept as its data cut is.
 */
const CREATE = [
  "create table sensitive_set (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  resource_code varchar(64) not null,\n  field_name varchar(64) not null,\n  mask_rule varchar(32) not null default 'MIDDLE',\n  clear_duty_code varchar(64),\n  remark varchar(200)\n)",
  'create unique index sensitive_set_resource_code_field_name_key on sensitive_set (resource_code, field_name)',
  'create index sensitive_set_field_name_idx on sensitive_set (field_name)',
  'alter table export_job add column masks jsonb',
];

const ITEMS: Array<[value: string, zh: string, en: string]> = [
  ['MIDDLE', '保留首尾（622****1234）', 'Keep the ends (622****1234)'],
  ['TAIL', '保留末四位（****1234）', 'Keep the last four (****1234)'],
  ['ALL', '全部隐藏（****）', 'Hide all (****)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
  // Only a seeded database: an empty one is seeded whole after the migrations.
  const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_param where param_key = 'seed.version'`.execute(db);
  if ((seeded.rows[0]?.n ?? 0) === 0) return;
  for (const [sort, [value, zh, en]] of ITEMS.entries()) {
    await sql`insert into dictionary_item (group_name, dict_type, value, text_zh, text_en, sort) values ('dictionary', 'MaskRule', ${value}, ${zh}, ${en}, ${sort}) on conflict do nothing`.execute(db);
  }
  await sql`insert into dictionary_type (dict_type, dict_name, dict_name_en, group_name) values ('MaskRule', '掩码方式', 'Mask', 'dictionary') on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists sensitive_set').execute(db);
  await sql.raw('alter table export_job drop column if exists masks').execute(db);
  await sql`delete from dictionary_item where dict_type = 'MaskRule'`.execute(db);
  await sql`delete from dictionary_type where dict_type = 'MaskRule'`.execute(db);
}
