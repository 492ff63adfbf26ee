import { type Kysely, sql } from 'kysely';

/**
 * Issue 12 point 2: the data the lookups of widgets §2 list (src/resources/lookups.ts): bank
 * accounts, financial offices, budgets and cooperative financial networks (the statements their
 * definitions derive, frozen here; tests/server/resources-schema.test.ts holds them together),
 * and the organisation's property, a column of the organisation lookup (`orgPropery` on the wire).
 */
const STATEMENTS = [
  `create table financial_office (
  id integer generated always as identity primary key,
  version integer not null default 1,
  record_state varchar(16) not null default 'approved',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by integer,
  updated_by integer,
  office_code varchar(20) not null unique,
  office_name varchar(100) not null,
  financial_type varchar(50)
)`,
  `create index financial_office_office_name_idx on financial_office (office_name)`,
  `create table account (
  id integer generated always as identity primary key,
  version integer not null default 1,
  record_state varchar(16) not null default 'approved',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by integer,
  updated_by integer,
  acct_no varchar(32) not null unique,
  acct_name varchar(200) not null,
  org_code varchar(64) not null,
  office_code varchar(20),
  currency_code varchar(3) not null,
  bank_code varchar(3) not null,
  line_number varchar(12),
  acct_nature varchar(32),
  balance numeric(24, 2)
)`,
  `create index account_acct_name_idx on account (acct_name)`,
  `create index account_org_code_idx on account (org_code)`,
  `create index account_currency_code_idx on account (currency_code)`,
  `create table budget (
  id integer generated always as identity primary key,
  version integer not null default 1,
  record_state varchar(16) not null default 'approved',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by integer,
  updated_by integer,
  budget_code varchar(32) not null unique,
  budget_name varchar(200) not null,
  org_code varchar(64) not null,
  currency_code varchar(3) not null,
  total_amount numeric(24, 2) not null,
  used_amount numeric(24, 2) not null default 0,
  system_name varchar(100),
  period_system_name varchar(100),
  period_type_name varchar(50),
  report_column varchar(100)
)`,
  `create index budget_budget_name_idx on budget (budget_name)`,
  `create index budget_org_code_idx on budget (org_code)`,
  `create index budget_currency_code_idx on budget (currency_code)`,
  `create table coop_network (
  id integer generated always as identity primary key,
  version integer not null default 1,
  record_state varchar(16) not null default 'approved',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by integer,
  updated_by integer,
  network_code varchar(20) not null unique,
  network_name varchar(200) not null,
  institution_type varchar(50) not null,
  institution_code varchar(20) not null,
  institution_name varchar(200) not null,
  direct_code varchar(3),
  country_code varchar(2) not null default 'CN',
  province_code varchar(6),
  city_code varchar(6),
  swift_code varchar(11),
  abroad_address_detail varchar(200)
)`,
  `create index coop_network_network_name_idx on coop_network (network_name)`,
  `create index coop_network_institution_name_idx on coop_network (institution_name)`,
  `create index coop_network_country_code_idx on coop_network (country_code)`,
  'alter table org add column org_property varchar(50)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
