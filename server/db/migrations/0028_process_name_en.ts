import { sql, type Kysely } from 'kysely';

/**
 * A flow's English name (issue 15; docs/approvals.md): the flow chart named the process in
 * Chinese to an English reader, while its steps had English names. Rows of an existing database
 * take the demo flows' English names where they are the seeded ones, else the Chinese name until
 * an administrator gives one.
 */
const DEMO_NAMES: Array<[zh: string, en: string]> = [
  ['利率方案审批流程', 'Rate plan approval'],
  ['金融机构入网审批流程', 'Finance organisation entry approval'],
  ['金融机构变更审批流程', 'Finance organisation change approval'],
  ['金融机构退网审批流程', 'Finance organisation exit approval'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table process_config add column process_name_en varchar(100) not null default ''`.execute(db);
  await sql`update process_config set process_name_en = process_name`.execute(db);
  for (const [zh, en] of DEMO_NAMES) await sql`update process_config set process_name_en = ${en} where process_name = ${zh}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table process_config drop column process_name_en`.execute(db);
}
