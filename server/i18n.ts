import rosetta from 'rosetta';
import zh from '../locale/server/zh-CN/index.json';
import en from '../locale/server/en-US/index.json';
import dynamicZh from '../locale/dynamic/zh-CN/index.json';
import dynamicEn from '../locale/dynamic/en-US/index.json';
import resourceZh from '../locale/resource/zh-CN/index.json';
import resourceEn from '../locale/resource/en-US/index.json';
import queryZh from '../locale/query/zh-CN/index.json';
import queryEn from '../locale/query/en-US/index.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../src/shared/constants';

// The dynamic-form module's rule and template messages are shared with the browser: the server
// names the same problems when it re-checks a template or submitted values (docs/dynamic-forms.md).
// The resource module's states and yes/no are what an export writes where the table shows them.
// The query module names a date range's ends, as a refused query names them.
const dictionaries: Record<Language, object> = {
  'zh-CN': { ...zh, dynamic: dynamicZh, resource: resourceZh, query: queryZh },
  'en-US': { ...en, dynamic: dynamicEn, resource: resourceEn, query: queryEn },
};
const i18n = rosetta(dictionaries);

/** The request's language from its `lang` header; anything unknown falls back to zh-CN. */
export function pickLanguage(header: unknown): Language {
  return typeof header === 'string' && (LANGUAGES as readonly string[]).includes(header) ? (header as Language) : DEFAULT_LANGUAGE;
}

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * A key missing from the dictionary answers itself. Keys can carry a caller's word (a field
 * name in a validation message), and rosetta looks a key up as a plain object path, where
 * "constructor", "__proto__" or "toString" reach Object.prototype's members (which it calls or
 * fails to format): a key is translated only when every step of it is the dictionary's own.
 */
export function translator(lang: Language): Translate {
  return (key, params) => (isText(dictionaries[lang], key) && i18n.t(key, params ?? {}, lang)) || key;
}

function isText(dictionary: object, key: string): boolean {
  let node: unknown = dictionary;
  for (const step of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, step)) return false;
    node = (node as Record<string, unknown>)[step];
  }
  return typeof node === 'string';
}

/**
 * The one way a stored bilingual text is read (docs/api/README.md, "Bilingual text"): the
 * Chinese text, or the English one for an en-US reader, falling back to the Chinese when the
 * English is missing.
 */
export function localised(lang: string, zh: string, en: string | null | undefined): string {
  return lang === 'en-US' && en ? en : zh;
}
