import type { Db } from '../db/database';
import type { DictionaryItemTable } from '../db/schema';
import { localised } from '../i18n';

type Group = DictionaryItemTable['groupName'];
export type DictionaryAnswer = Record<Group, Record<string, Array<{ value: string; text: string }>>>;

/** Dictionaries and constants of the given codes, texts in the reader's language. */
export async function queryDictionaries(db: Db, codes: string[], lang: string, groups: Group[]): Promise<DictionaryAnswer> {
  const out: DictionaryAnswer = { dictionary: {}, constant: {}, custom: {} };
  if (codes.length === 0) return out;
  const rows = await db
    .selectFrom('dictionaryItem')
    .select(['groupName', 'dictType', 'value', 'textZh', 'textEn'])
    .where('dictType', 'in', codes)
    .where('groupName', 'in', groups)
    .where('enabled', '=', true)
    .orderBy('dictType')
    .orderBy('sort')
    .execute();
  for (const r of rows) (out[r.groupName][r.dictType] ??= []).push({ value: r.value, text: localised(lang, r.textZh, r.textEn) });
  return out;
}
