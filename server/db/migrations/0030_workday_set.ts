import { sql, type Kysely } from 'kysely';

/**
 * The workday calendar (src/resources/defs/workday-set.ts): its table, printed from the definition
 * (server/resources/columns.ts), and the DayType dictionary its day type names. A new database
 * gets the dictionary from the seed (server/db/seed-data/dictionaries.ts); this adds it to one
 * seeded before, its values written out here so that later seed changes do not rewrite it.
 */
const CREATE = [
  "create table workday_set (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  calendar_date date not null unique,\n  day_type varchar(32) not null,\n  day_name varchar(50),\n  remark varchar(200)\n)",
  'create index workday_set_day_type_idx on workday_set (day_type)',
  'create index workday_set_day_name_idx on workday_set (day_name)',
];

const ITEMS: Array<[value: string, zh: string, en: string]> = [
  ['HOLIDAY', '节假日（休息）', 'Holiday (rest day)'],
  ['WORKDAY', '调休上班', 'Working day in lieu'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
  await addDayTypes(db);
}

/** The DayType dictionary for a database seeded before it; once, whatever is run again. */
export async function addDayTypes(db: Kysely<any>): Promise<void> {
  // Only a seeded database: an empty one is seeded whole after the migrations.
  const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_param where param_key = 'seed.version'`.execute(db);
  if ((seeded.rows[0]?.n ?? 0) === 0) return;
  for (const [sort, [value, zh, en]] of ITEMS.entries()) {
    await sql`insert into dictionary_item (group_name, dict_type, value, text_zh, text_en, sort) values ('dictionary', 'DayType', ${value}, ${zh}, ${en}, ${sort}) on conflict do nothing`.execute(db);
  }
  await sql`insert into dictionary_type (dict_type, dict_name, dict_name_en, group_name) values ('DayType', '日期类型', 'Day type', 'dictionary') on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists workday_set').execute(db);
  await sql`delete from dictionary_item where dict_type = 'DayType'`.execute(db);
  await sql`delete from dictionary_type where dict_type = 'DayType'`.execute(db);
}
