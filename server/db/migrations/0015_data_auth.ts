import { type Kysely, sql } from 'kysely';

/**
 * Issue 12 point 5: data authorisation grants (src/resources/defs/data-auth.ts, the statements
 * its definition derives, frozen here; tests/server/resources-schema.test.ts holds them
 * together), one grant per user, kind and value.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create table data_auth (
  id integer generated always as identity primary key,
  version integer not null default 1,
  record_state varchar(16) not null default 'approved',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by integer,
  updated_by integer,
  user_code varchar(64) not null,
  data_type varchar(32) not null,
  data_value varchar(64) not null,
  remark varchar(200)
)`)
    .execute(db);
  await sql.raw('create index data_auth_user_code_idx on data_auth (user_code)').execute(db);
  await sql.raw('create index data_auth_data_type_idx on data_auth (data_type)').execute(db);
  await sql.raw('create index data_auth_data_value_idx on data_auth (data_value)').execute(db);
  // "data-auth-main exists" (portal-shell §5): one grant per user, kind and value.
  await sql.raw('create unique index data_auth_grant_uq on data_auth (user_code, data_type, data_value)').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_auth').execute();
}
