import type { Db } from '../db/database';
import type { DictionaryItemTable } from '../db/schema';
import { localised } from '../i18n';
import { RESOURCES } from '../../src/resources';
import { IMPORT_COLUMN_DICTS, IMPORT_RESOURCE_DICT, PORTAL_RESOURCE_DICT, SENSITIVE_FIELD_DICTS, WORKBENCH_AREA_DICT, type VIRTUAL_DICTIONARIES, type VirtualDictionaryFamily } from '../../src/shared/constants';
import { importColumns, textFields } from '../../src/resources/field-sets';
import { WORKBENCH_AREA_CODES, WORKBENCH_AREA_NAMES } from '../../src/shared/workbench-areas';

type Group = DictionaryItemTable['groupName'];
export type DictionaryAnswer = Record<Group, Record<string, Array<{ value: string; text: string }>>>;

/**
 * Dictionaries the portal answers from its own code rather than its tables, always as current as
 * the build: `PortalResource`, the resources a sensitive setting may name (those with a text
 * field; docs/sensitive-info.md), `WorkbenchArea`, the home page's areas the system area
 * settings may offer (docs/workbench.md), and `ImportResource`, the resources a field map may
 * name (those that take imports; docs/import.md). They are constants (nobody edits them on the
 * dictionary page).
 */
const resourcesWhere = (keep: (def: (typeof RESOURCES)[number]) => boolean) => (lang: string) =>
  RESOURCES.filter(keep)
    .map((d) => ({ value: d.code, text: `${localised(lang, d.label['zh-CN'], d.label['en-US'])} (${d.code})` }))
    .sort((a, b) => a.value.localeCompare(b.value));

const VIRTUAL: Record<(typeof VIRTUAL_DICTIONARIES)[number], (lang: string) => Array<{ value: string; text: string }>> = {
  [PORTAL_RESOURCE_DICT]: resourcesWhere((d) => textFields(d).length > 0),
  [IMPORT_RESOURCE_DICT]: resourcesWhere((d) => Boolean(d.import)),
  [WORKBENCH_AREA_DICT]: (lang) => WORKBENCH_AREA_CODES.map((code) => ({ value: code, text: localised(lang, WORKBENCH_AREA_NAMES[code].zh, WORKBENCH_AREA_NAMES[code].en) })),
};

/**
 * Families of dictionaries answered from the build, one per resource (`SensitiveField:<code>`,
 * src/shared/constants.ts): each field by its name, shown with its label in the reader's
 * language. A code naming no resource answers an empty dictionary.
 */
const fieldsOf = (pick: (def: (typeof RESOURCES)[number]) => string[]) => (code: string) => (lang: string) => {
  const def = RESOURCES.find((d) => d.code === code);
  return def ? pick(def).map((name) => ({ value: name, text: `${localised(lang, def.fields[name]!.label['zh-CN'], def.fields[name]!.label['en-US'])} (${name})` })) : [];
};
const FAMILIES: Record<VirtualDictionaryFamily, (code: string) => (lang: string) => Array<{ value: string; text: string }>> = {
  [SENSITIVE_FIELD_DICTS]: fieldsOf(textFields),
  [IMPORT_COLUMN_DICTS]: fieldsOf(importColumns),
};

/** The build's answer for a dictionary code, if it is one the build answers. */
function virtualOf(dictType: string): ((lang: string) => Array<{ value: string; text: string }>) | undefined {
  const fixed = VIRTUAL[dictType as keyof typeof VIRTUAL];
  if (fixed) return fixed;
  const at = dictType.indexOf(':');
  const family = FAMILIES[dictType.slice(0, at) as VirtualDictionaryFamily];
  return at > 0 && family ? family(dictType.slice(at + 1)) : undefined;
}

/** Whether a value is one of a dictionary's enabled values (a virtual dictionary's included). */
export async function isDictionaryValue(db: Db, dictType: string, value: string): Promise<boolean> {
  const virtual = virtualOf(dictType);
  if (virtual) return virtual('zh-CN').some((item) => item.value === value);
  return Boolean(await db.selectFrom('dictionaryItem').select('id').where('dictType', '=', dictType).where('value', '=', value).where('enabled', '=', true).executeTakeFirst());
}

/** Dictionaries and constants of the given codes, texts in the reader's language. */
export async function queryDictionaries(db: Db, codes: string[], lang: string, groups: Group[]): Promise<DictionaryAnswer> {
  const out: DictionaryAnswer = { dictionary: {}, constant: {}, custom: {} };
  const tabled: string[] = [];
  for (const code of codes) {
    const virtual = virtualOf(code);
    if (!virtual) tabled.push(code);
    else if (groups.includes('constant')) out.constant[code] = virtual(lang);
  }
  if (tabled.length === 0) return out;
  const rows = await db
    .selectFrom('dictionaryItem')
    .select(['groupName', 'dictType', 'value', 'textZh', 'textEn'])
    .where('dictType', 'in', tabled)
    .where('groupName', 'in', groups)
    .where('enabled', '=', true)
    .orderBy('dictType')
    .orderBy('sort')
    .execute();
  for (const r of rows) (out[r.groupName][r.dictType] ??= []).push({ value: r.value, text: localised(lang, r.textZh, r.textEn) });
  return out;
}
