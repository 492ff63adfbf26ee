import { contract } from '../shared/contract';
import { DICTIONARY_CODES_MAX } from '../shared/contract/dictionary';
import type { Language } from '../shared/constants';
import { call } from './http/call';

export interface DictionaryOption {
  value: string;
  text: string;
}

/**
 * Dictionary options for the browser (POST /common/query/dictionary), asked once per type and
 * language and shared by every form, filter and cell that shows them. A failed request is
 * forgotten so the next use asks again.
 */
const cache = new Map<string, Promise<DictionaryOption[]>>();

export function dictionaryOptions(type: string, lang: Language): Promise<DictionaryOption[]> {
  const key = `${lang}/${type}`;
  let found = cache.get(key);
  if (!found) {
    found = call(contract.dictionary.query, [type], { noLoading: true, headers: { lang } }).then((groups) => groups.dictionary[type] ?? groups.constant[type] ?? groups.custom[type] ?? []);
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
}

/**
 * A table's dictionary column: a field with one dictionary, or one whose dictionary follows
 * another field's value (a `choiceBy.family` field: a sensitive setting's field, named by the
 * resource it belongs to).
 */
export type DictionaryColumn = { field: string; dict: string } | { field: string; on: string; dictOf: (followed: string) => string };

/** A cell's value's name, when its dictionary has one. */
export type CellName = (value: unknown, row: Record<string, unknown>) => string | undefined;

const textsOf = (options: DictionaryOption[]) => new Map(options.map((o) => [o.value, o.text]));

/** Many dictionaries in as few requests as the contract allows, by dictionary then value. */
async function dictionaryGroups(types: string[], lang: Language): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (let i = 0; i < types.length; i += DICTIONARY_CODES_MAX) {
    const groups = await call(contract.dictionary.query, types.slice(i, i + DICTIONARY_CODES_MAX), { noLoading: true, headers: { lang } });
    for (const group of [groups.dictionary, groups.constant, groups.custom]) for (const [type, options] of Object.entries(group)) out.set(type, textsOf(options));
  }
  return out;
}

/**
 * The names of a table's dictionary cells, by field. A plain dictionary is asked once per type
 * and shared with forms and filters; the dictionaries a following column may use (one per value
 * of the field it follows, which must be a plain dictionary column of the set) come in one
 * request. Cached per set and language; a dictionary that fails leaves its cells as values.
 */
const textCache = new Map<string, Promise<Map<string, CellName>>>();
export function dictionaryTexts(key: string, columns: DictionaryColumn[], lang: Language): Promise<Map<string, CellName>> {
  const cacheKey = `${lang}/${key}`;
  let found = textCache.get(cacheKey);
  if (!found) {
    found = (async () => {
      const plain = await Promise.all(columns.flatMap((c) => ('dict' in c ? [dictionaryOptions(c.dict, lang).then((o) => [c.field, textsOf(o)] as const, () => [c.field, new Map<string, string>()] as const)] : [])));
      const texts = new Map(plain);
      const out = new Map<string, CellName>([...texts].map(([field, names]) => [field, (value: unknown) => names.get(String(value))]));
      const following = columns.flatMap((c) => ('on' in c ? [c] : []));
      const types = following.flatMap((c) => [...(texts.get(c.on)?.keys() ?? [])].map(c.dictOf));
      const groups = types.length ? await dictionaryGroups(types, lang).catch(() => new Map<string, Map<string, string>>()) : new Map<string, Map<string, string>>();
      for (const c of following) out.set(c.field, (value, row) => groups.get(c.dictOf(String(row[c.on] ?? '')))?.get(String(value)));
      return out;
    })();
    textCache.set(cacheKey, found);
  }
  return found;
}
