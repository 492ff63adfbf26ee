import { sql, type Kysely } from 'kysely';

/**
 * Languages (src/resources/defs/lang.ts): the table, printed from the definition
 * (server/resources/columns.ts), holding the two languages the portal has spoken so far under
 * the names its list gave them, in the same order, so an existing deployment offers what it did.
 */
const CREATE = [
  "create table lang_info (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  lang_symbol varchar(16) not null unique,\n  lang_name varchar(50) not null,\n  sort_order integer not null default 0\n)",
  'create index lang_info_sort_order_idx on lang_info (sort_order)',
  'create index lang_info_lang_name_idx on lang_info (lang_name)',
  "insert into lang_info (lang_symbol, lang_name, sort_order) values ('zh-CN', '简体中文', 1), ('en-US', 'English', 2)",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists lang_info').execute(db);
}
