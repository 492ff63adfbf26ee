import { sql, type Kysely } from 'kysely';

/**
 * The function tree page (docs/function-tree.md) edits the menu's functions: each gets a version,
 * so a change made from a page that read an older one is refused (1403), not written over it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table func add column version integer not null default 1').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table func drop column if exists version').execute(db);
}
