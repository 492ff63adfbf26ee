import { type Kysely, sql } from 'kysely';

/**
 * Issue 12 point 5, the data-auth pages by kind (docs/data-auth.md): a grant "by organisation
 * structure" names a node of a structure, so a grant carries the structure's code beside the
 * organisation; one grant per user, kind, structure and value (the same organisation may be
 * granted through two structures).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table data_auth add column struct_code varchar(32)').execute(db);
  await sql.raw('drop index data_auth_grant_uq').execute(db);
  await sql.raw("create unique index data_auth_grant_uq on data_auth (user_code, data_type, data_value, coalesce(struct_code, ''))").execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index data_auth_grant_uq').execute(db);
  await sql.raw('alter table data_auth drop column struct_code').execute(db);
  await sql.raw('create unique index data_auth_grant_uq on data_auth (user_code, data_type, data_value)').execute(db);
}
