import { contract } from '../shared/contract';
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

/** The texts of every dictionary field of a set, by field then value, for cells that show a value's name. */
const textCache = new Map<string, Promise<Map<string, Map<string, string>>>>();
export function dictionaryTexts(key: string, fields: Array<[field: string, type: string]>, lang: Language): Promise<Map<string, Map<string, string>>> {
  const cacheKey = `${lang}/${key}`;
  let found = textCache.get(cacheKey);
  if (!found) {
    found = Promise.all(fields.map(async ([field, type]) => [field, new Map((await dictionaryOptions(type, lang).catch(() => [])).map((o) => [o.value, o.text]))] as const)).then((pairs) => new Map(pairs));
    textCache.set(cacheKey, found);
  }
  return found;
}
