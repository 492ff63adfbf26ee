import { type Kysely, sql } from 'kysely';

/**
 * Issue 10: the tables of the first business resources, and the record columns (version,
 * lifecycle state, enabled flag, who and when) added to the two tables that already held
 * records (org, dictionary_item). The create statements were printed from the resource
 * definitions by server/resources/columns.ts and are frozen here, as every shipped migration is;
 * tests/server/resources-schema.test.ts checks each table against its definition.
 */
const CREATE = [
  // department
  "create table department (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  dept_code varchar(64) not null unique,\n  dept_name varchar(100) not null,\n  org_code varchar(64) not null,\n  manager varchar(100),\n  remark varchar(500)\n)",
  "create index department_dept_name_idx on department (dept_name)",
  "create index department_org_code_idx on department (org_code)",
  // counter-party
  "create table counter_party (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  counter_party_code varchar(64) not null unique,\n  counter_party_name varchar(200) not null,\n  counter_party_type varchar(32) not null,\n  credit_code varchar(18),\n  country_code varchar(2) not null default 'CN',\n  contact_name varchar(100),\n  contact_phone varchar(30)\n)",
  "create index counter_party_counter_party_name_idx on counter_party (counter_party_name)",
  "create index counter_party_counter_party_type_idx on counter_party (counter_party_type)",
  // rate-add
  "create table rate_add (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  apply_no varchar(64) not null unique,\n  rate_type varchar(32) not null,\n  currency_code varchar(3) not null default 'CNY',\n  tenor varchar(32) not null,\n  rate_value numeric(24, 6) not null,\n  effective_date date not null,\n  remark varchar(500)\n)",
  "create index rate_add_rate_type_idx on rate_add (rate_type)",
  "create index rate_add_tenor_idx on rate_add (tenor)",
  "create index rate_add_effective_date_idx on rate_add (effective_date)",
  // exchange-rate
  "create table exchange_rate (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  rate_date date not null,\n  source_currency varchar(3) not null,\n  target_currency varchar(3) not null,\n  rate numeric(24, 6) not null\n)",
  "create index exchange_rate_rate_date_idx on exchange_rate (rate_date)",
  "create index exchange_rate_source_currency_idx on exchange_rate (source_currency)",
  "create index exchange_rate_target_currency_idx on exchange_rate (target_currency)",
  // currency
  "create table currency (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  currency_code varchar(3) not null unique,\n  currency_name varchar(100) not null,\n  currency_name_en varchar(100),\n  currency_number varchar(3),\n  decimals integer not null default 2\n)",
  "create index currency_currency_name_idx on currency (currency_name)",
  // bank
  "create table bank (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  bank_code varchar(3) not null unique,\n  bank_name varchar(100) not null,\n  bank_name_en varchar(200),\n  swift_code varchar(11)\n)",
  "create index bank_bank_name_idx on bank (bank_name)",
  // line-numbers
  "create table line_number (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  line_number varchar(12) not null unique,\n  line_name varchar(200) not null,\n  bank_code varchar(3) not null,\n  province_code varchar(6),\n  city_code varchar(6)\n)",
  "create index line_number_line_name_idx on line_number (line_name)",
  "create index line_number_bank_code_idx on line_number (bank_code)",
  // country
  "create table country (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  country_code varchar(2) not null unique,\n  country_name varchar(100) not null,\n  country_name_en varchar(100),\n  country_number varchar(3)\n)",
  "create index country_country_name_idx on country (country_name)",
  // province
  "create table province (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  province_code varchar(6) not null unique,\n  province_name varchar(50) not null\n)",
  "create index province_province_name_idx on province (province_name)",
  // city
  "create table city (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  city_code varchar(6) not null unique,\n  city_name varchar(50) not null,\n  province_code varchar(6) not null\n)",
  "create index city_city_name_idx on city (city_name)",
  "create index city_province_code_idx on city (province_code)",
  // dictionary
  "create table dictionary_type (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  dict_type varchar(64) not null unique,\n  dict_name varchar(100) not null,\n  dict_name_en varchar(100),\n  group_name varchar(32) not null default 'dictionary'\n)",
  "create index dictionary_type_dict_name_idx on dictionary_type (dict_name)",
  "create index dictionary_type_group_name_idx on dictionary_type (group_name)",
  // sys-param-setting
  "create table sys_param_setting (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  param_code varchar(100) not null unique,\n  param_name varchar(100) not null,\n  param_value varchar(2000) not null,\n  remark varchar(500)\n)",
  "create index sys_param_setting_param_name_idx on sys_param_setting (param_name)",
];

const RECORD_COLUMNS = [
  'add column if not exists version integer not null default 1',
  "add column if not exists record_state varchar(16) not null default 'approved'",
  'add column if not exists enabled boolean not null default true',
  'add column if not exists updated_at timestamptz not null default now()',
  'add column if not exists created_by integer',
  'add column if not exists updated_by integer',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
  // The next number of each rule-coded prefix (rule-code calls), taken atomically by any process.
  await sql.raw('create table rule_code_seq (prefix varchar(16) primary key, last_value integer not null)').execute(db);
  // Every review decision on a record: who, when, what and why (issue 15 builds approval flows on it).
  await sql.raw(`create table record_review (
  id integer generated always as identity primary key,
  resource varchar(64) not null,
  record_id integer not null,
  decision varchar(16) not null,
  comment varchar(500),
  reviewer_id integer not null references app_user(id),
  reviewed_at timestamptz not null default now()
)`).execute(db);
  await sql.raw('create index record_review_record_idx on record_review (resource, record_id)').execute(db);
  // The exchange-rate page filters by pair and sorts by date (the 100,000-row benchmark in bench/).
  await sql.raw('create index exchange_rate_pair_date_idx on exchange_rate (source_currency, target_currency, rate_date desc)').execute(db);
  // org: the org-info resource.
  await sql.raw(['alter table org', [...RECORD_COLUMNS, 'add column sett_center boolean default false', 'add column address varchar(200)'].join(',\n  ')].join('\n  ')).execute(db);
  await sql.raw('alter table org alter column org_type set not null').execute(db);
  // dictionary_item: the dictionary-value resource; a value added by hand belongs to the dictionary group until its type says otherwise.
  await sql.raw(['alter table dictionary_item', [...RECORD_COLUMNS, 'add column if not exists created_at timestamptz not null default now()', "alter column group_name set default 'dictionary'"].join(',\n  ')].join('\n  ')).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['record_review', 'rule_code_seq', 'sys_param_setting', 'dictionary_type', 'city', 'province', 'country', 'line_number', 'bank', 'currency', 'exchange_rate', 'rate_add', 'counter_party', 'department']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
