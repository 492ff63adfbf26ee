import type { ResourceDef } from '../../resources/define';
import { FILTER_TEXT_MAX } from '../../resources/schema';
import type { Language } from '../../shared/constants';
import type { QueryField } from '../../shared/query-rules';

/**
 * A resource's query fields (its definition's `query` list, in order) as the query form takes
 * them: labels in the reader's language, bounds as the server's filter schema has them (a text
 * filter "contains" at most FILTER_TEXT_MAX characters; numbers within the field's bounds).
 * Filters are optional unless an administrator's hidden-field setting requires one.
 */
export function resourceQueryFields(def: ResourceDef, lang: Language): QueryField[] {
  return def.query.map((name) => {
    const f = def.fields[name]!;
    const base = { name, label: f.label[lang] };
    switch (f.type) {
      case 'text':
        return { ...base, type: 'text', max: Math.min(f.max ?? FILTER_TEXT_MAX, FILTER_TEXT_MAX) };
      case 'int':
      case 'decimal':
        return { ...base, type: f.type, ...(f.min !== undefined ? { min: f.min } : {}), ...(f.max !== undefined ? { max: f.max } : {}) };
      case 'dict':
        return { ...base, type: 'dict', dict: f.dict! };
      default:
        return { ...base, type: f.type };
    }
  });
}
