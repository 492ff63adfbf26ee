import { format, addDays } from 'date-fns';
import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import account from '../../src/resources/defs/account';
import type { SessionUser } from '../security/sessions';
import { scopeFilter } from './data-auth';
import { todoPage } from './workflow';
import { dutyCodesOf } from '../../src/shared/workflow';
import { REMIND_LIST_MAX, fillTemplate, type RemindKind, type RemindTargetType } from '../../src/shared/reminders';
import { formatAmount } from '../../src/shared/format-amount';

/**
 * Reminders from configurations (docs/reminders.md): each started configuration, with its
 * enabled template of the same kind, looks at what it watches for each user it targets; when
 * there is something to say, the user gets one reminder in both languages, the template's
 * placeholders filled. A reminder's source key (configuration, its version, the day) is unique
 * per user, so running again the same day changes nothing, a cancelled reminder stays
 * cancelled, and an edited configuration (a new version) may remind again at once.
 */

interface ConfigRow {
  configCode: string;
  version: number;
  remindKind: RemindKind;
  templateCode: string;
  targetType: RemindTargetType;
  targets: string;
  threshold: string | number | null;
  currencyCode: string | null;
  days: number | null;
}

interface TemplateRow {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
}

interface TargetUser {
  id: number;
  userCode: string;
  userName: string;
  userNameEn: string | null;
  userType: number;
  staffType: number;
  orgId: number | null;
}

/** What a kind found for one user: the values of its parameters, or null when there is nothing to remind of. */
type Finding = Record<string, string> | null;

const any = (db: Db) => db as unknown as Kysely<any>;

async function targetUsers(db: Db, config: ConfigRow): Promise<TargetUser[]> {
  const codes = dutyCodesOf(config.targets);
  if (codes.length === 0) return [];
  // Approved, enabled users only: a nullified or disabled one reads no reminders.
  let query = any(db)
    .selectFrom('appUser as u')
    .select(['u.id', 'u.userCode', 'u.userName', 'u.userNameEn', 'u.userType', 'u.staffType', 'u.orgId'])
    .where('u.recordState', '=', 'approved')
    .where('u.enabled', '=', true);
  query =
    config.targetType === 'user'
      ? query.where('u.userCode', 'in', codes)
      : query.where(({ exists, selectFrom }) =>
          exists(selectFrom('userDuty as ud').innerJoin('duty as d', 'd.id', 'ud.dutyId').select('ud.userId').whereRef('ud.userId', '=', 'u.id').where('d.dutyCode', 'in', codes).where('d.status', '=', 'active')),
        );
  return (await query.orderBy('u.id').execute()) as TargetUser[];
}

const amount = (value: number) => formatAmount(value, 'en-US');

/** The kinds: what each watches for one user on one day. */
const FINDERS: Record<RemindKind, (db: Db, config: ConfigRow, user: TargetUser, today: Date) => Promise<Finding>> = {
  /** Accounts the user may see (data authorisation, as their account pages) holding less than the threshold. */
  async balanceBelow(db, config, user) {
    if (config.threshold === null) return null;
    const scope = await scopeFilter(db, user as SessionUser, account);
    let query = any(db).selectFrom(account.table).where('recordState', '=', 'approved').where('enabled', '=', true).where('balance', '<', String(config.threshold));
    if (config.currencyCode) query = query.where('currencyCode', '=', config.currencyCode);
    for (const { field, values } of scope ?? []) {
      if (values.length === 0) return null;
      query = query.where(field, 'in', values);
    }
    const { n } = (await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as { n: number | string };
    if (Number(n) === 0) return null;
    const first = (await query.select('acctNo').orderBy('balance').orderBy('acctNo').limit(REMIND_LIST_MAX).execute()) as Array<{ acctNo: string }>;
    return { threshold: amount(Number(config.threshold)), currency: config.currencyCode ?? '', count: String(n), accounts: first.map((a) => a.acctNo).join(', ') };
  },
  /** The user's to-do tasks (docs/approvals.md): the same count as their to-do list. */
  async todoWaiting(db, _config, user) {
    const { total } = await todoPage(db, { lang: 'zh-CN' } as FastifyRequest, user.id, 1, 1);
    return total > 0 ? { count: String(total) } : null;
  },
  /** Approved, enabled rate plans taking effect from today to `days` days ahead (not scoped: plans are the group's). */
  async ratePlanEffective(db, config, _user, today) {
    if (!config.days) return null;
    const from = format(today, 'yyyy-MM-dd');
    const to = format(addDays(today, config.days), 'yyyy-MM-dd');
    const rows = (await any(db)
      .selectFrom('ratePlan')
      .select(['planNo', 'planName'])
      .where('recordState', '=', 'approved')
      .where('enabled', '=', true)
      .where(sql`effective_date`, '>=', sql`${from}::date`)
      .where(sql`effective_date`, '<=', sql`${to}::date`)
      .orderBy('effectiveDate')
      .orderBy('planNo')
      .execute()) as Array<{ planNo: string; planName: string }>;
    if (rows.length === 0) return null;
    return { days: String(config.days), count: String(rows.length), plans: rows.slice(0, REMIND_LIST_MAX).map((r) => `${r.planNo} ${r.planName}`).join(', ') };
  },
};

export interface GenerationResult {
  /** Configurations looked at. */
  configs: number;
  /** Reminders written (a user already reminded today of the same version is not counted). */
  created: number;
}

/**
 * Generates what the started configurations (or the one named) have to say at `now`. Safe to
 * run twice at once (two processes on one database): the unique source key lets one insert win.
 */
export async function generateReminders(db: Db, now: Date, only?: string): Promise<GenerationResult> {
  let query = any(db)
    .selectFrom('remindConfig')
    .select(['configCode', 'version', 'remindKind', 'templateCode', 'targetType', 'targets', 'threshold', 'currencyCode', 'days'])
    .where('recordState', '=', 'approved')
    .where('enabled', '=', true);
  if (only) query = query.where('configCode', '=', only);
  const configs = (await query.orderBy('configCode').execute()) as ConfigRow[];
  const day = format(now, 'yyyy-MM-dd');
  let created = 0;
  for (const config of configs) {
    const template = (await any(db)
      .selectFrom('remindTemplate')
      .select(['titleZh', 'titleEn', 'contentZh', 'contentEn'])
      .where('templateCode', '=', config.templateCode)
      .where('remindKind', '=', config.remindKind)
      .where('recordState', '=', 'approved')
      .where('enabled', '=', true)
      .executeTakeFirst()) as TemplateRow | undefined;
    const find = FINDERS[config.remindKind];
    if (!template || !find) continue;
    const sourceKey = `${config.configCode}:v${config.version}:${day}`;
    for (const user of await targetUsers(db, config)) {
      const finding = await find(db, config, user, now);
      if (!finding) continue;
      const zh = { ...finding, date: day, userName: user.userName };
      const en = { ...finding, date: day, userName: user.userNameEn || user.userName };
      const res = await db
        .insertInto('remind')
        .values({
          userId: user.id,
          titleZh: fillTemplate(template.titleZh, zh),
          titleEn: fillTemplate(template.titleEn, en),
          contentZh: fillTemplate(template.contentZh, zh),
          contentEn: fillTemplate(template.contentEn, en),
          configCode: config.configCode,
          sourceKey,
        })
        .onConflict((oc) => oc.columns(['userId', 'sourceKey']).doNothing())
        .executeTakeFirst();
      created += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return { configs: configs.length, created };
}
