import { sql, type Kysely } from 'kysely';

/**
 * Home page areas (docs/workbench.md, "Areas"): the system area settings' table, printed from
 * src/resources/defs/sys-area-set.ts (server/resources/columns.ts), holding the five dashboards
 * the home page has shown so far, in the same order and all shown, so an existing deployment
 * shows what it did; and each user's own order and choice of them (none: the system's).
 */
const CREATE = [
  "create table portal_area (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  area_code varchar(32) not null unique,\n  sort_order integer not null default 0,\n  shown_by_default boolean not null default true,\n  remark varchar(200)\n)",
  'create index portal_area_sort_order_idx on portal_area (sort_order)',
  "insert into portal_area (area_code, sort_order) values ('balances', 1), ('cashFlow', 2), ('reminders', 3), ('todo', 4), ('favourites', 5)",
  // The area's code, not the system row's id: a removed and re-added area keeps the users' places.
  'create table user_portal_area (\n  user_id integer not null references app_user (id) on delete cascade,\n  area_code varchar(32) not null,\n  sort_order integer not null,\n  shown boolean not null,\n  constraint user_portal_area_pk primary key (user_id, area_code)\n)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists user_portal_area').execute(db);
  await sql.raw('drop table if exists portal_area').execute(db);
}
