import { type Kysely, sql } from 'kysely';

/**
 * Issue 14 point 5, certificate login and business confirmation on the server
 * (docs/certificates.md). The challenges the server issued (only their SHA-256, each used once,
 * with its expiry); the certificate bound to a user (app_user.cert_serial, lowercase hex, the
 * user-info field certSerial: one certificate per user, one user per certificate); and the
 * certificate settings (cert-set resource), printed from their definition. The validation flag
 * validateCert answers is a request_token row of purpose 'cert' (no new table: purpose has no
 * constraint).
 */
const CREATE = [
  "create table cert_set (\n  id integer generated always as identity primary key,\n  version integer not null default 1,\n  record_state varchar(16) not null default 'approved',\n  enabled boolean not null default true,\n  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now(),\n  created_by integer,\n  updated_by integer,\n  set_code varchar(64) not null unique,\n  set_name varchar(100) not null,\n  set_type varchar(32) not null default 'func',\n  target varchar(300) not null,\n  remark varchar(500)\n)",
  'create index cert_set_set_name_idx on cert_set (set_name)',
  'create index cert_set_set_type_idx on cert_set (set_type)',
  'create index cert_set_target_idx on cert_set (target)',
  'alter table app_user add column cert_serial varchar(64)',
  // Unique where set (PostgreSQL's unique lets any number of nulls): a certificate logs in one user.
  'create unique index app_user_cert_serial_uq on app_user (cert_serial)',
  `create table cert_challenge (
  challenge_hash varchar(64) primary key,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
)`,
  'create index cert_challenge_expires_idx on cert_challenge (expires_at)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists cert_challenge').execute(db);
  await sql.raw('drop index if exists app_user_cert_serial_uq').execute(db);
  await sql.raw('alter table app_user drop column if exists cert_serial').execute(db);
  await sql.raw('drop table if exists cert_set').execute(db);
}
