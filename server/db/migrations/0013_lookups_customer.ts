import { type Kysely, sql } from 'kysely';

/**
 * Issue 12 point 2, the customer lookup's data: contact organisations' bank accounts
 * (src/resources/defs/contact-org-acc.ts, the statements its definition derives, frozen here).
 * A second file under the same number, after 0013_lookups, rather than an edit of it.
 */
const STATEMENTS = [
  `create table contact_org_acc (
  id integer generated always as identity primary key,
  version integer not null default 1,
  record_state varchar(16) not null default 'approved',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by integer,
  updated_by integer,
  account_no varchar(32) not null unique,
  account_name varchar(200) not null,
  counter_party_code varchar(64) not null,
  line_number varchar(12),
  use_org_code varchar(64),
  acct_property varchar(20)
)`,
  `create index contact_org_acc_account_name_idx on contact_org_acc (account_name)`,
  `create index contact_org_acc_counter_party_code_idx on contact_org_acc (counter_party_code)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
