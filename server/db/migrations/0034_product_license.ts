import { sql, type Kysely } from 'kysely';

/**
 * Product licences (src/resources/defs/license.ts): the table, printed from the definition
 * (server/resources/columns.ts), and the two columns the server writes itself once it has signed
 * the record (server/resources/license-hooks.ts): the licence file and the id of the key that
 * signed it. Nullable only because they are written in the same transaction right after the row.
 */
const CREATE = [
  "create table product_license (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  license_no varchar(64) not null unique,\n  licensee varchar(100) not null,\n  max_users integer not null default 50,\n  valid_from date not null,\n  valid_to date not null,\n  machine_code varchar(64),\n  remark varchar(200)\n)",
  'create index product_license_licensee_idx on product_license (licensee)',
  'create index product_license_valid_to_idx on product_license (valid_to)',
  'alter table product_license add column license_text text, add column key_id varchar(32)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists product_license').execute(db);
}
