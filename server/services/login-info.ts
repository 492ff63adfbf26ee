import { sql } from 'kysely';
import type { Db } from '../db/database';
import { LANGUAGES, type Language } from '../../src/shared/constants';
import { localised } from '../i18n';
import { dutyStations } from './duties';
import { defaultMenu, noNotify, userTheme } from './user-settings';

/** What the browser keeps as loginUserInfo (shell §3). Never the password hash. */
export async function loginUserInfo(db: Db, userId: number) {
  const u = await db
    .selectFrom('appUser as u')
    .leftJoin('org as o', 'o.id', 'u.orgId')
    .select(['u.id', 'u.userCode', 'u.userName', 'u.userNameEn', 'u.userType', 'u.staffType', 'u.orgId', 'o.orgCode', 'o.orgName', 'u.gender', 'u.themeName', 'u.navColor', 'u.lang'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return u;
}

export async function systemSettings(db: Db, lang: Language) {
  const rows = await db.selectFrom('sysParam').select(['paramKey', 'paramValue']).where('paramKey', 'in', [`system.title.${lang}`, 'login.types']).execute();
  const get = (key: string) => rows.find((r) => r.paramKey === key)?.paramValue ?? '';
  const types = get('login.types').split(',').filter(Boolean);
  const texts = await db.selectFrom('dictionaryItem').select(['value', 'textZh', 'textEn']).where('dictType', '=', 'LoginType').execute();
  return {
    systemTitle: get(`system.title.${lang}`),
    loginTypes: types.map((value) => {
      const t = texts.find((x) => x.value === value);
      return { value, text: t ? localised(lang, t.textZh, t.textEn) : value };
    }),
  };
}

/**
 * The languages offered on the login page and in the shell's switch (the language page,
 * src/resources/defs/lang.ts): the enabled ones the portal has messages for, in their order,
 * under their names. The page keeps one enabled at least; were none left, the portal's own
 * languages stand in rather than an empty switch.
 */
export async function languageList(db: Db): Promise<Array<{ langSymbol: Language; langName: string }>> {
  const { rows } = await sql<{ langSymbol: string; langName: string }>`select lang_symbol as "langSymbol", lang_name as "langName" from lang_info
    where enabled order by sort_order, lang_symbol`.execute(db);
  const offered = rows.filter((r): r is { langSymbol: Language; langName: string } => (LANGUAGES as readonly string[]).includes(r.langSymbol));
  return offered.length ? offered : LANGUAGES.map((langSymbol) => ({ langSymbol, langName: langSymbol }));
}

/**
 * The language a user works in: the one saved on the user while the portal offers it, else the
 * one the request came in (the login page's choice) while offered, else the first offered. A
 * language the administrators stopped offering is not kept for those who had chosen it.
 */
export async function userLanguage(db: Db, saved: string | null | undefined, requestLang: Language): Promise<Language> {
  const offered = (await languageList(db)).map((l) => l.langSymbol);
  return offered.find((l) => l === saved) ?? offered.find((l) => l === requestLang) ?? offered[0]!;
}

/** What the shell reads at start: the user, their language and title, theme, default page, no-notify, duty stations. */
export async function sessionInfo(db: Db, userId: number, requestLang: Language) {
  const info = await loginUserInfo(db, userId);
  const lang = await userLanguage(db, info.lang, requestLang);
  return {
    loginUserInfo: info,
    lang,
    systemTitle: (await systemSettings(db, lang)).systemTitle,
    ...(await userTheme(db, userId)),
    defaultMenu: await defaultMenu(db, userId),
    noNotify: await noNotify(db, userId),
    dutyStations: await dutyStations(db, userId, lang),
  };
}

/** One system parameter's value, '' when unset. */
export async function systemParam(db: Db, key: string): Promise<string> {
  return (await db.selectFrom('sysParam').select('paramValue').where('paramKey', '=', key).executeTakeFirst())?.paramValue ?? '';
}
