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
 * language and shared by every form, filter and cell that shows them.
 *
 * A failed request is kept, not forgotten at once: forms read their dictionaries while they
 * render (`use`), and React renders a suspended component again once its promise settles. A
 * failure forgotten there was asked for again by that very render, failed again, and so on:
 * hundreds of requests a second, and a toast each, while the server was away. A render that
 * meets a kept failure throws it to its `DictionaryBoundary`, which offers a retry; readers
 * outside a render (a machine's load, a page's next visit) pass `retryFailed`.
 */
const cache = new Map<string, Promise<DictionaryOption[]>>();

type Settled<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * React's `use` takes a promise marked fulfilled as its value at once, without suspending: a
 * dictionary already in (one `prefetchFamily` brought) shows in the very render that asks. One
 * marked rejected is thrown at once, to the nearest error boundary.
 */
function settling<T>(promise: Promise<T>): Promise<T> {
  // The handlers return nothing: returning the promise itself would chain this one to it, and
  // its rejection would go unhandled.
  promise.then(
    (value) => void Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => void Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
}

const failed = (key: string) => (cache.get(key) as Settled<unknown> | undefined)?.status === 'rejected';
/** Options that are in or on their way; a kept failure is not. */
const held = (key: string) => cache.has(key) && !failed(key);

export function dictionaryOptions(type: string, lang: Language, { retryFailed = false }: { retryFailed?: boolean } = {}): Promise<DictionaryOption[]> {
  const key = `${lang}/${type}`;
  if (retryFailed) forgetFailedDictionary(type, lang);
  let found = cache.get(key);
  if (!found) {
    found = settling(call(contract.dictionary.query, [type], { noLoading: true, headers: { lang } }).then((groups) => groups.dictionary[type] ?? groups.constant[type] ?? groups.custom[type] ?? []));
    cache.set(key, found);
  }
  return found;
}

/** Forgets `type`'s options in `lang` if their request failed: the next read asks again. */
export function forgetFailedDictionary(type: string, lang: Language): void {
  const key = `${lang}/${type}`;
  if (failed(key)) cache.delete(key);
}

/**
 * A dictionary that a toolbar's dialog (export, import) reads while the toolbar renders, where a
 * failure must not take the toolbar down: the options, or none when their request failed (the
 * request layer's toast says why). The failure stays until `forgetFailedDialogOptions`, which
 * the dialog's opening calls: forgotten at once, it would be asked for again by every render.
 */
const dialogCache = new Map<string, Promise<DictionaryOption[]>>();
const dialogFailed = new Set<string>();
export function dialogOptions(type: string, lang: Language): Promise<DictionaryOption[]> {
  const key = `${lang}/${type}`;
  let found = dialogCache.get(key);
  if (!found) {
    found = dictionaryOptions(type, lang, { retryFailed: true }).catch(() => {
      dialogFailed.add(key);
      return [];
    });
    dialogCache.set(key, found);
  }
  return found;
}

/** Forgets the dialogs' lists whose request failed: read again, they are asked for again. */
export function forgetFailedDialogOptions(): void {
  for (const key of dialogFailed) dialogCache.delete(key);
  dialogFailed.clear();
}

/**
 * Brings every dictionary a following field may use (one per value of the dictionary it
 * follows) in one request, before the followed value is chosen: chosen, the field's list is
 * there in the same render, and a Tab pressed at once lands on it. Best effort: what fails is
 * asked for again, one dictionary at a time, when chosen.
 */
export async function prefetchFamily(followedDict: string, dictOf: (followed: string) => string, lang: Language): Promise<void> {
  try {
    const types = (await dictionaryOptions(followedDict, lang, { retryFailed: true })).map((o) => dictOf(o.value)).filter((type) => !held(`${lang}/${type}`));
    if (!types.length) return;
    const groups = await dictionaryGroups(types, lang);
    for (const type of types) {
      const key = `${lang}/${type}`;
      if (held(key)) continue;
      const options = groups.get(type) ?? [];
      cache.set(key, Object.assign(Promise.resolve(options), { status: 'fulfilled', value: options }));
    }
  } catch {
    // Asked for again when chosen.
  }
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
async function dictionaryGroups(types: string[], lang: Language): Promise<Map<string, DictionaryOption[]>> {
  const out = new Map<string, DictionaryOption[]>();
  for (let i = 0; i < types.length; i += DICTIONARY_CODES_MAX) {
    const groups = await call(contract.dictionary.query, types.slice(i, i + DICTIONARY_CODES_MAX), { noLoading: true, headers: { lang } });
    for (const group of [groups.dictionary, groups.constant, groups.custom]) for (const [type, options] of Object.entries(group)) out.set(type, options);
  }
  return out;
}

/**
 * The names of a table's dictionary cells, by field. A plain dictionary is asked once per type
 * and shared with forms and filters; the dictionaries a following column may use (one per value
 * of the field it follows, which must be a plain dictionary column of the set) come in one
 * request. Cached per set and language; a dictionary that fails leaves its cells as values.
 *
 * A set with a failed dictionary stays cached while its page is shown (the page reads it with
 * `use` at every render: not cached, each render would ask again, and suspend the page each
 * time), and is forgotten when the page is left, closed or hidden by the page host
 * (`forgetPartialTexts`): its next render asks again rather than show codes until a reload.
 */
const textCache = new Map<string, Promise<Map<string, CellName>>>();
/** Cache keys of sets built while one of their dictionaries failed. */
const partial = new Set<string>();
export function dictionaryTexts(key: string, columns: DictionaryColumn[], lang: Language): Promise<Map<string, CellName>> {
  const cacheKey = `${lang}/${key}`;
  let found = textCache.get(cacheKey);
  if (!found) {
    const partly = <T>(fallback: T) => () => {
      partial.add(cacheKey);
      return fallback;
    };
    found = (async () => {
      const plain = await Promise.all(columns.flatMap((c) => ('dict' in c ? [dictionaryOptions(c.dict, lang, { retryFailed: true }).then((o) => [c.field, textsOf(o)] as const, partly([c.field, new Map<string, string>()] as const))] : [])));
      const texts = new Map(plain);
      const out = new Map<string, CellName>([...texts].map(([field, names]) => [field, (value: unknown) => names.get(String(value))]));
      const following = columns.flatMap((c) => ('on' in c ? [c] : []));
      const types = following.flatMap((c) => [...(texts.get(c.on)?.keys() ?? [])].map(c.dictOf));
      const groups = new Map([...(types.length ? await dictionaryGroups(types, lang).catch(partly(new Map<string, DictionaryOption[]>())) : [])].map(([type, options]) => [type, textsOf(options)]));
      for (const c of following) out.set(c.field, (value, row) => groups.get(c.dictOf(String(row[c.on] ?? '')))?.get(String(value)));
      return out;
    })();
    textCache.set(cacheKey, found);
  }
  return found;
}

/** Forgets the set `key` built in any language if a dictionary of it failed; one that came whole stays. */
export function forgetPartialTexts(key: string): void {
  for (const cacheKey of partial) {
    if (cacheKey.slice(cacheKey.indexOf('/') + 1) !== key) continue;
    partial.delete(cacheKey);
    textCache.delete(cacheKey);
  }
}
