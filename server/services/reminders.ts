import type { Db } from '../db/database';
import type { Language } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { localised } from '../i18n';

/** A user's reminders (shell §1 "per-user reminder list"): list, read, cancel one or all. */
export interface ReminderSeed {
  title: Record<Language, string>;
  content: Record<Language, string>;
}

export async function addReminders(db: Db, userId: number, reminders: ReminderSeed[]): Promise<void> {
  if (reminders.length === 0) return;
  await db
    .insertInto('remind')
    .values(reminders.map((r) => ({ userId, titleZh: r.title['zh-CN'], titleEn: r.title['en-US'], contentZh: r.content['zh-CN'], contentEn: r.content['en-US'] })))
    .execute();
}

function live(db: Db, userId: number) {
  return db.selectFrom('remind').where('userId', '=', userId).where('status', '!=', 'cancelled');
}

export async function reminderPage(db: Db, userId: number, lang: Language, page: number, limit: number, onlyUnread = false) {
  let base = live(db, userId);
  if (onlyUnread) base = base.where('status', '=', 'unread');
  const [rows, total] = await Promise.all([
    base.select(['id', 'titleZh', 'titleEn', 'contentZh', 'contentEn', 'createdAt', 'status']).orderBy('createdAt', 'desc').orderBy('id', 'desc').offset((page - 1) * limit).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, title: localised(lang, r.titleZh, r.titleEn), content: localised(lang, r.contentZh, r.contentEn), createdAt: r.createdAt, status: r.status })),
    total: Number(total.n),
  };
}

async function change(db: Db, userId: number, id: number, set: { status: 'read' | 'cancelled'; cancelledAt?: Date }) {
  const res = await db.updateTable('remind').set(set).where('id', '=', id).where('userId', '=', userId).where('status', '!=', 'cancelled').executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw refuse(CODE.remindNotFound);
}

export const markRead = (db: Db, userId: number, id: number) => change(db, userId, id, { status: 'read' });
export const cancelReminder = (db: Db, userId: number, id: number) => change(db, userId, id, { status: 'cancelled', cancelledAt: new Date() });

export async function cancelAllReminders(db: Db, userId: number): Promise<number> {
  const res = await db.updateTable('remind').set({ status: 'cancelled', cancelledAt: new Date() }).where('userId', '=', userId).where('status', '!=', 'cancelled').executeTakeFirst();
  return Number(res.numUpdatedRows);
}
