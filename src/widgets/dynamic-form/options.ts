import { SELECT_SCROLL_PAGE_SIZE, type Language } from '../../shared/constants';
import { contract } from '../../shared/contract';
import type { TemplateField, TemplateOption } from '../../shared/dynamic-form';
import { RESOURCES } from '../../resources';
import { resourceApi, type ResourceRow } from '../../services/api/resources';
import { dictionaryOptions } from '../../services/dictionaries';
import { call } from '../../services/http/call';

/**
 * Where a field's options come from (widgets §3 dataType; docs/dynamic-forms.md): `static`, the
 * template's own list; `dictionary`, a dictionary (src/services/dictionaries.ts); `constant`, a
 * constant class; `custom`, the records of a resource (its query call), `showData` the text and
 * `hideData` the value, filtered by `queryData` when the user types.
 */

const constantCache = new Map<string, Promise<TemplateOption[]>>();
function constantOptions(code: string, lang: Language): Promise<TemplateOption[]> {
  const key = `${lang}/${code}`;
  let found = constantCache.get(key);
  if (!found) {
    found = call(contract.dictionary.constants, [code], { noLoading: true, headers: { lang } }).then((g) => g.constant[code] ?? g.dictionary[code] ?? g.custom[code] ?? []);
    found.catch(() => constantCache.delete(key));
    constantCache.set(key, found);
  }
  return found;
}

/** A resource's records as rows, for a custom source: the first page, filtered by `queryData` when text is given. */
export async function customRows(field: TemplateField, text: string, start = 1, limit = SELECT_SCROLL_PAGE_SIZE): Promise<{ rows: ResourceRow[]; total: number }> {
  const def = RESOURCES.find((r) => r.code === field.data);
  if (!def) return { rows: [], total: 0 };
  const filter = text.trim() && field.queryData ? { [field.queryData]: text.trim() } : {};
  return resourceApi(def).query({ start, limit, ...filter });
}

export const rowOption = (field: TemplateField, row: Record<string, unknown>): TemplateOption => ({
  value: String(row[field.hideData ?? 'id'] ?? ''),
  text: String(row[field.showData ?? field.hideData ?? 'id'] ?? ''),
});

export async function loadOptions(field: TemplateField, lang: Language, text = ''): Promise<TemplateOption[]> {
  const dataType = field.dataType ?? 'static';
  if (dataType === 'static') return Array.isArray(field.data) ? field.data : [];
  if (typeof field.data !== 'string') return [];
  if (dataType === 'dictionary') return dictionaryOptions(field.data, lang, { retryFailed: true });
  if (dataType === 'constant') return constantOptions(field.data, lang);
  return (await customRows(field, text)).rows.map((r) => rowOption(field, r));
}

/** A remote select that searches as the user types (dropDownListRemoteSearch over a resource). */
export const searchesRemotely = (field: TemplateField): boolean => field.type === 'remoteselect' && field.dropDownListRemoteSearch === true && field.dataType === 'custom';

/** What a field's options depend on besides the language and the search: a control keyed by it starts over when the source changes. */
export const optionSourceKey = (field: TemplateField): string => `${field.name}|${field.dataType ?? 'static'}|${typeof field.data === 'string' ? field.data : JSON.stringify(field.data ?? null)}`;
