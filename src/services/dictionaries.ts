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
