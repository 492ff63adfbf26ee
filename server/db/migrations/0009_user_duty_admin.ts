import { type Kysely, sql } from 'kysely';

/**
 * Issue 10 point 3: users (app_user) and duties (duty) become reviewed resources
 * (src/resources/defs/user-info.ts, duty.ts). Both get the record columns; the rows already
 * there (the demo administrator and staff, their duties) are approved and enabled, so logins
 * and grants go on as before. tests/server/resources-schema.test.ts checks both tables against
 * the definitions.
 *
 * - app_user: org_code (the organisation by its code, as department names it; org_id stays the
 *   foreign key and is filled from it), locked_until (the administrator's lock, not a field of
 *   the form), user_type and staff_type widened to integer (the definition's int fields).
 *   password_hash gets a default that no password verifies, for the instant between the
 *   generic insert and the hook that sets the new user's random password in the same
 *   transaction.
 * - duty: created_at and updated_at (it had neither), remark.
 */
const RECORD_COLUMNS = [
  'add column if not exists version integer not null default 1',
  "add column if not exists record_state varchar(16) not null default 'approved'",
  'add column if not exists enabled boolean not null default true',
  'add column if not exists created_at timestamptz not null default now()',
  'add column if not exists updated_at timestamptz not null default now()',
  'add column if not exists created_by integer',
  'add column if not exists updated_by integer',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      [
        'alter table app_user',
        [
          ...RECORD_COLUMNS,
          'add column org_code varchar(64)',
          'add column locked_until timestamptz',
          'alter column user_type type integer',
          'alter column staff_type type integer',
          "alter column password_hash set default '!'",
        ].join(',\n  '),
      ].join('\n  '),
    )
    .execute(db);
  await sql.raw('update app_user u set org_code = o.org_code from org o where o.id = u.org_id').execute(db);
  await sql.raw('create index app_user_user_name_idx on app_user (user_name)').execute(db);
  await sql.raw('create index app_user_org_code_idx on app_user (org_code)').execute(db);
  await sql.raw('create index app_user_user_type_idx on app_user (user_type)').execute(db);
  await sql.raw('create index app_user_email_idx on app_user (email)').execute(db);

  await sql.raw(['alter table duty', [...RECORD_COLUMNS, 'add column remark varchar(500)'].join(',\n  ')].join('\n  ')).execute(db);
  await sql.raw('create index duty_duty_name_idx on duty (duty_name)').execute(db);
  // "Duty used" and a duty's holders: user_duty is keyed by user first.
  await sql.raw('create index user_duty_duty_idx on user_duty (duty_id)').execute(db);
  // Online users: the live sessions.
  await sql.raw('create index user_session_live_idx on user_session (expires_at) where ended_at is null').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index if exists user_session_live_idx').execute(db);
  await sql.raw('drop index if exists user_duty_duty_idx').execute(db);
  await sql.raw('drop index if exists duty_duty_name_idx').execute(db);
  await sql.raw('alter table duty drop column remark, drop column updated_by, drop column created_by, drop column updated_at, drop column created_at, drop column enabled, drop column record_state, drop column version').execute(db);
  for (const index of ['app_user_email_idx', 'app_user_user_type_idx', 'app_user_org_code_idx', 'app_user_user_name_idx']) await sql.raw(`drop index if exists ${index}`).execute(db);
  await sql
    .raw(
      "alter table app_user alter column password_hash drop default, alter column staff_type type smallint, alter column user_type type smallint, drop column locked_until, drop column org_code, drop column updated_by, drop column created_by, drop column enabled, drop column record_state, drop column version",
    )
    .execute(db);
}
