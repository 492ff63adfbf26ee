import { sql, type Kysely } from 'kysely';

/**
 * Benchmark rates in force and their change applications (src/resources/defs/benchmark-rate.ts,
 * rate-change.ts; docs/resources.md): the two tables, printed from the definitions
 * (server/resources/columns.ts), and the rates a database already holds: for each type,
 * currency, tenor and effective date, the value of the approved rate-add application updated
 * last (what server/resources/rate-hooks.ts would have written had it run then). A new database
 * gets its rates from the seed.
 */
const CREATE = [
  "create table benchmark_rate (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  rate_code varchar(80) not null unique,\n  rate_type varchar(32) not null,\n  currency_code varchar(3) not null,\n  tenor varchar(32) not null,\n  rate_value numeric(24, 6) not null,\n  effective_date date not null,\n  source_no varchar(64) not null\n)",
  'create index benchmark_rate_effective_date_idx on benchmark_rate (effective_date)',
  'create index benchmark_rate_rate_type_idx on benchmark_rate (rate_type)',
  'create index benchmark_rate_currency_code_idx on benchmark_rate (currency_code)',
  'create index benchmark_rate_tenor_idx on benchmark_rate (tenor)',
  "create table rate_change (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  apply_no varchar(64) not null unique,\n  rate_code varchar(80) not null,\n  old_value numeric(24, 6) not null,\n  new_value numeric(24, 6) not null,\n  reason varchar(500) not null\n)",
  'create index rate_change_rate_code_idx on rate_change (rate_code)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
  await publishApprovedRates(db);
}

/** The rates the approved rate-add applications of an older database published. */
export async function publishApprovedRates(db: Kysely<any>): Promise<void> {
  await sql`insert into benchmark_rate (rate_code, rate_type, currency_code, tenor, rate_value, effective_date, source_no, created_by, updated_by)
    select distinct on (code) code, rate_type, currency_code, tenor, rate_value, effective_date, apply_no, updated_by, updated_by
    from (select *, rate_type || '-' || currency_code || '-' || tenor || '-' || to_char(effective_date, 'YYYYMMDD') as code from rate_add where record_state = 'approved') a
    order by code, updated_at desc, id desc`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists rate_change').execute(db);
  await sql.raw('drop table if exists benchmark_rate').execute(db);
}
