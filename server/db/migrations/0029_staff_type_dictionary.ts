import { sql, type Kysely } from 'kysely';

/**
 * The StaffType dictionary (docs/user-admin.md): the user form showed staff type as a bare number
 * (1 or 2) where an administrator had to know that 1 is a help editor (DECISIONS "Operation guide
 * editing"); its field now names the dictionary and the form offers the names. A new database
 * gets it from the seed (server/db/seed-data/dictionaries.ts); this adds it to one seeded before.
 * The values are written out here, not imported, so that later seed changes do not rewrite it.
 */
const ITEMS: Array<[value: string, zh: string, en: string]> = [
  ['1', '操作指南编辑', 'Guide editor'],
  ['2', '普通人员', 'Regular staff'],
];

export async function up(db: Kysely<any>): Promise<void> {
  // Only a seeded database: an empty one is seeded whole after the migrations.
  const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_param where param_key = 'seed.version'`.execute(db);
  if ((seeded.rows[0]?.n ?? 0) === 0) return;
  for (const [sort, [value, zh, en]] of ITEMS.entries()) {
    await sql`insert into dictionary_item (group_name, dict_type, value, text_zh, text_en, sort) values ('dictionary', 'StaffType', ${value}, ${zh}, ${en}, ${sort}) on conflict do nothing`.execute(db);
  }
  await sql`insert into dictionary_type (dict_type, dict_name, dict_name_en, group_name) values ('StaffType', '人员类型', 'Staff type', 'dictionary') on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from dictionary_item where dict_type = 'StaffType'`.execute(db);
  await sql`delete from dictionary_type where dict_type = 'StaffType'`.execute(db);
}
