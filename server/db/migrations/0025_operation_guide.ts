import { type Kysely, sql } from 'kysely';

/**
 * Issue 15 point 3, the operation guide (docs/operation-guide.md): one guide per function,
 * its HTML kept as the server's sanitiser left it, with a version for concurrent editors. Its
 * attachments are ordinary stored files under order number `FILE<funcId>` (widgets §3), filed
 * under the attachment setting of the business `operation-guide`, seeded here: on, at most 20
 * files, no required type (administrators change it on the attach-type-set page).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create table operation_guide (
  id integer generated always as identity primary key,
  func_id integer not null unique references func(id) on delete cascade,
  description_content text not null default '',
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by integer references app_user(id) on delete set null,
  updated_by integer references app_user(id) on delete set null
)`,
    )
    .execute(db);
  await db
    .insertInto('attach_type_set')
    .values({ business_code: 'operation-guide', attachment_flag: true, is_self_set: false, default_is_require: false, is_limit: true, attachment_size: 20 })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('attach_type_set').where('business_code', '=', 'operation-guide').execute();
  await sql.raw('drop table if exists operation_guide').execute(db);
}
