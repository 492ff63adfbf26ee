import type { Db } from '../db/database';
import { DEFAULT_NAV_COLOR, DEFAULT_THEME, NAV_COLORS, THEME_NAMES, type Language } from '../../src/shared/constants';
import { grantedPage } from './menu';

/** Per-user shell settings kept on the server: theme, navigation colour, language, default page, no-notify. */
export type ThemeName = (typeof THEME_NAMES)[number];
export type NavColor = (typeof NAV_COLORS)[number];

const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (v && (list as readonly string[]).includes(v) ? (v as T) : fallback);

export async function userTheme(db: Db, userId: number): Promise<{ themeName: ThemeName; navColor: NavColor }> {
  const u = await db.selectFrom('appUser').select(['themeName', 'navColor']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { themeName: oneOf(THEME_NAMES, u.themeName, DEFAULT_THEME as ThemeName), navColor: oneOf(NAV_COLORS, u.navColor, DEFAULT_NAV_COLOR as NavColor) };
}

export async function saveTheme(db: Db, userId: number, theme: { themeName: ThemeName; navColor: NavColor }): Promise<void> {
  await db.updateTable('appUser').set({ ...theme, updatedAt: new Date() }).where('id', '=', userId).execute();
}

/**
 * The account's language and the session's together: a half-saved language would flip back at
 * the next login. One statement (the account's update a data-modifying CTE, which PostgreSQL
 * runs once whether referenced or not) instead of a transaction of two: the user's row is
 * locked for one statement, not for four round trips (issue 16).
 */
export async function saveLanguage(db: Db, userId: number, sessionHash: string, lang: Language): Promise<void> {
  await db
    .with('account', (q) => q.updateTable('appUser').set({ lang, updatedAt: new Date() }).where('id', '=', userId).returning('id'))
    .updateTable('userSession')
    .set({ lang })
    .where('tokenHash', '=', sessionHash)
    .execute();
}

/** The default page, when it is still a page granted to the user; otherwise none. */
export async function defaultMenu(db: Db, userId: number): Promise<{ funcId: number | null; funcUrl: string | null }> {
  const u = await db.selectFrom('appUser').select('defaultFuncId').where('id', '=', userId).executeTakeFirstOrThrow();
  const page = u.defaultFuncId == null ? undefined : await grantedPage(db, userId, u.defaultFuncId);
  return page ? { funcId: page.id, funcUrl: page.funcUrl } : { funcId: null, funcUrl: null };
}

export async function setDefaultMenu(db: Db, userId: number, funcId: number | null): Promise<void> {
  await db.updateTable('appUser').set({ defaultFuncId: funcId, updatedAt: new Date() }).where('id', '=', userId).execute();
}

export async function noNotify(db: Db, userId: number): Promise<boolean> {
  const u = await db.selectFrom('appUser').select('noNotify').where('id', '=', userId).executeTakeFirstOrThrow();
  return u.noNotify;
}

export async function setNoNotify(db: Db, userId: number, value: boolean): Promise<void> {
  await db.updateTable('appUser').set({ noNotify: value, updatedAt: new Date() }).where('id', '=', userId).execute();
}
