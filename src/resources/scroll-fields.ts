import type { FieldDef, ResourceDef } from './define';

/**
 * Fields drawn as scroll dropdowns (docs/scroll-select.md) and the pairs among them: a field
 * whose source needs another field's value (`scrollParams`, the city's province) lists nothing,
 * and holds no value, until that field is set (widgets §2 "Province and city pair", §5 "a city
 * choice requires a province"). Both the form and the server use these rules.
 */

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The fields a dependent field waits for that are still empty. */
export function missingParams(def: FieldDef, values: Record<string, unknown>): string[] {
  return Object.values(def.scrollParams ?? {}).filter((field) => !filled(values[field]));
}

/** The source's fixed filters, from the form's values (`{provinceCode: '130000'}`). */
export function paramsOf(def: FieldDef, values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(def.scrollParams ?? {}).map(([param, field]) => [param, String(values[field] ?? '')]));
}

export interface ScrollFieldProblem {
  field: string;
  /** The field it needs first. */
  needs: string;
}

/** Each dependent field holding a value while a field it needs is empty. */
export function scrollFieldProblems(resource: ResourceDef, values: Record<string, unknown>): ScrollFieldProblem[] {
  const out: ScrollFieldProblem[] = [];
  for (const [name, def] of Object.entries(resource.fields)) {
    if (!def.scrollParams || !filled(values[name])) continue;
    for (const needs of missingParams(def, values)) out.push({ field: name, needs });
  }
  return out;
}
