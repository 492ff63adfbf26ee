import { SAVED_QUERY_NAME_MAX } from './constants';
import { isCalendarDate } from './date-format';
import { templateProblems, type TemplateField } from './dynamic-form';

/**
 * The query form's rules (widgets §5 "Saved query", "Hidden-field default value", "Required
 * setting", "Custom order", "Extended fields"), pure so the server checks what the browser
 * checks with the same code: the saved query's name and filters, the hidden param's default
 * value, the required setting, the custom order's fallback, the form's values and their
 * problems, and the extended fields a page's expand-param call describes.
 */

// ---- Fields and values ----------------------------------------------------------------------

/** A query field's kind: a resource field's type, or `select` (static options, from extended fields). */
export type QueryFieldType = 'text' | 'int' | 'decimal' | 'date' | 'dict' | 'bool' | 'select';

export interface QueryOption {
  value: string;
  text: string;
}

/** A field of the query form, its label in the current language. */
export interface QueryField {
  name: string;
  label: string;
  type: QueryFieldType;
  /** dict: the dictionary type its options come from (POST /common/query/dictionary). */
  dict?: string;
  /** select: its options. */
  options?: QueryOption[];
  /** text: most characters; int and decimal: largest value. */
  max?: number;
  /** int and decimal: smallest value. */
  min?: number;
  /** Before the administrators' required setting (1 keeps this). */
  required?: boolean;
  /** An extended field: its template field, so the form draws it with the dynamic-form renderer. */
  extended?: TemplateField;
}

/** What the form holds: every input's text, by value key. */
export type FormValues = Record<string, string>;
/** What a query sends and a saved query stores: typed values, empty ones left out. */
export type QueryParams = Record<string, string | number | boolean>;

/** The keys a field's values travel under: a date filter is a from–to pair (`<name>From`, `<name>To`). */
export function valueKeys(field: Pick<QueryField, 'name' | 'type'>): string[] {
  return field.type === 'date' ? [`${field.name}From`, `${field.name}To`] : [field.name];
}

/** True when a value counts as a filter: not null, not blank. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/** At least one non-empty filter (widgets §5: a saved query needs a condition). */
export function hasFilter(formData: Record<string, unknown>): boolean {
  return Object.values(formData).some(isFilled);
}

/** The form's texts as typed query values; blanks and texts that are not numbers where numbers are asked are left out. */
export function toParams(fields: QueryField[], values: FormValues): QueryParams {
  const out: QueryParams = {};
  for (const field of fields) {
    for (const key of valueKeys(field)) {
      const raw = (values[key] ?? '').trim();
      if (raw === '') continue;
      if (field.type === 'int' || field.type === 'decimal') {
        const n = Number(raw);
        if (Number.isFinite(n)) out[key] = n;
      } else if (field.type === 'bool') out[key] = raw === 'true';
      else out[key] = raw;
    }
  }
  return out;
}

/** Saved or default values back into the form's texts (unknown keys are dropped). */
export function toFormValues(fields: QueryField[], data: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const field of fields) {
    for (const key of valueKeys(field)) {
      const v = data[key];
      if (v !== undefined && v !== null) out[key] = String(v);
    }
  }
  return out;
}

// ---- Saved query ------------------------------------------------------------------------

/** A name's length in Unicode code points (DECISIONS: 6 Chinese characters fit; an emoji counts once). */
export function nameLength(name: string): number {
  return [...name].length;
}

export type SavedNameProblem = 'nameRequired' | 'nameTooLong';

/** What is wrong with a saved query's name, after trimming: nothing, empty, or too long. */
export function savedNameProblem(name: string): SavedNameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'nameRequired';
  if (nameLength(trimmed) > SAVED_QUERY_NAME_MAX) return 'nameTooLong';
  return null;
}

// ---- Hidden param -------------------------------------------------------------------------

/** The variable a default value may use for today's date (widgets §9). */
export const NOW_VARIABLE = '$now';

/** Empty, or the JSON text of an object (not an array, not null): widgets §5. */
export function isJsonObjectText(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

export interface HiddenSetting {
  prop: string;
  showOrHide: boolean;
  defaultVal: string;
  /** 1 keeps the field's rules, 2 requires it, 3 makes it optional. */
  required: number;
  label?: string;
}

export const REQUIRED_KEEP = 1;
export const REQUIRED_YES = 2;
export const REQUIRED_NO = 3;

/** Whether a field is required once the administrators' setting applies (widgets §5 "Required setting"). */
export function effectiveRequired(field: Pick<QueryField, 'required'>, hidden?: Pick<HiddenSetting, 'required'>): boolean {
  if (hidden?.required === REQUIRED_YES) return true;
  if (hidden?.required === REQUIRED_NO) return false;
  return !!field.required;
}

/** A field is shown unless its hidden param says to hide it (`showOrHide` true shows). */
export function isShown(hidden?: Pick<HiddenSetting, 'showOrHide'>): boolean {
  return hidden ? hidden.showOrHide : true;
}

/**
 * A field's default values from its hidden param: the JSON object names the field's value
 * keys (`currencyCode`; a date's `rateDateFrom`, `rateDateTo`), or `value` for all of them;
 * `$now` becomes today (yyyy-MM-dd). Text that is not a JSON object gives nothing.
 */
export function defaultsOf(field: QueryField, defaultVal: string, today: string): FormValues {
  if (defaultVal.trim() === '' || !isJsonObjectText(defaultVal)) return {};
  const data = JSON.parse(defaultVal) as Record<string, unknown>;
  const out: FormValues = {};
  for (const key of valueKeys(field)) {
    const v = key in data ? data[key] : data.value;
    if (v === undefined || v === null || typeof v === 'object') continue;
    out[key] = v === NOW_VARIABLE ? today : String(v);
  }
  return out;
}

/** Every field's defaults, from the page's hidden params. */
export function defaultValues(fields: QueryField[], hidden: HiddenSetting[], today: string): FormValues {
  const byProp = new Map(hidden.map((h) => [h.prop, h]));
  return Object.assign({}, ...fields.map((f) => defaultsOf(f, byProp.get(f.name)?.defaultVal ?? '', today))) as FormValues;
}

// ---- Custom order -----------------------------------------------------------------------

/**
 * The order to lay the fields out in: the saved one only when it names exactly the default
 * fields (same count, every entry known, none twice); otherwise the defaults (widgets §5).
 */
export function applyOrder(defaults: string[], custom: readonly string[] | null | undefined): string[] {
  if (!custom || custom.length !== defaults.length) return [...defaults];
  const known = new Set(defaults);
  if (new Set(custom).size !== custom.length || !custom.every((n) => known.has(n))) return [...defaults];
  return [...custom];
}

/** The order with one field moved by `delta` places (clamped to the ends). */
export function moveInOrder(order: string[], name: string, delta: number): string[] {
  const from = order.indexOf(name);
  if (from < 0) return order;
  const to = Math.max(0, Math.min(order.length - 1, from + delta));
  if (to === from) return order;
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, name);
  return next;
}

// ---- Validation -----------------------------------------------------------------------------

/** A problem with a value: a message key of the `query` locale module and its parameters. */
export interface Problem {
  key: string;
  params?: Record<string, unknown>;
}

/** The problems of one field's values (keyed by value key), given whether it is required now. */
export function fieldProblems(field: QueryField, values: FormValues, required: boolean): Record<string, Problem> {
  const out: Record<string, Problem> = {};
  const keys = valueKeys(field);
  const texts = keys.map((k) => (values[k] ?? '').trim());
  if (required && texts.every((t) => t === '')) out[keys[0]!] = { key: 'query.rule.required' };
  keys.forEach((key, i) => {
    const t = texts[i]!;
    if (t === '') return;
    if (field.type === 'int' || field.type === 'decimal') {
      const n = Number(t);
      if (!Number.isFinite(n) || (field.type === 'int' && !Number.isInteger(n))) out[key] = { key: field.type === 'int' ? 'query.rule.integer' : 'query.rule.number' };
      else if (field.min !== undefined && n < field.min) out[key] = { key: 'query.rule.min', params: { min: field.min } };
      else if (field.max !== undefined && n > field.max) out[key] = { key: 'query.rule.max', params: { max: field.max } };
    } else if (field.type === 'date') {
      // The server's own check of a filter's dates (checkDates): a day the calendar lacks
      // (2026-02-30, which Date.parse rolls into March) is no date.
      if (!isCalendarDate(t)) out[key] = { key: 'query.rule.date' };
    } else if (field.type === 'text' && field.max !== undefined && [...t].length > field.max) out[key] = { key: 'query.rule.maxLength', params: { max: field.max } };
  });
  if (field.type === 'date' && !out[keys[0]!] && !out[keys[1]!] && texts[0] && texts[1] && texts[0] > texts[1]) out[keys[1]!] = { key: 'query.rule.dateOrder' };
  return out;
}

// ---- Extended fields --------------------------------------------------------------------

const EXTENDED_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

interface ExtendedItem {
  name?: unknown;
  text?: unknown;
  type?: unknown;
  data?: unknown;
  dataType?: unknown;
  rules?: unknown;
  min?: unknown;
  max?: unknown;
}

function optionsOf(data: unknown): QueryOption[] {
  if (!Array.isArray(data)) return [];
  return data
    .filter((o): o is Record<string, unknown> => typeof o === 'object' && o !== null)
    .map((o) => ({ value: String(o.value ?? ''), text: String(o.text ?? o.value ?? '') }))
    .filter((o) => o.value !== '');
}

function extendedField(item: ExtendedItem): QueryField | null {
  if (typeof item.name !== 'string' || !EXTENDED_NAME.test(item.name)) return null;
  const label = typeof item.text === 'string' && item.text ? item.text : item.name;
  const required = Array.isArray(item.rules) && item.rules.some((r) => typeof r === 'object' && r !== null && (r as { required?: unknown }).required === true);
  const bounds = { ...(typeof item.min === 'number' ? { min: item.min } : {}), ...(typeof item.max === 'number' ? { max: item.max } : {}) };
  // A valid template field is kept whole: the query form draws it with the dynamic-form renderer.
  const extended = templateProblems([item]).length === 0 ? { extended: item as unknown as TemplateField } : {};
  const base = { name: item.name, label, ...(required ? { required } : {}), ...extended };
  switch (item.type) {
    // Widgets §5: numeric and amount fields get number-type rules.
    case 'number':
    case 'amount':
      return { ...base, type: 'decimal', ...bounds };
    case 'date':
    case 'dateTime':
      return { ...base, type: 'date' };
    case 'select':
    case 'radio':
    case 'checkbox':
    case 'remoteselect':
      if (item.dataType === 'dictionary' && typeof item.data === 'string' && item.data) return { ...base, type: 'dict', dict: item.data };
      return { ...base, type: 'select', options: optionsOf(item.data) };
    default:
      return { ...base, type: 'text', ...(typeof item.max === 'number' ? { max: item.max } : {}) };
  }
}

/**
 * The extended fields an expand-param answer describes (JSON text of `{template: [...]}` or of
 * the list itself). Text that does not parse gives none (widgets §8: the extras are ignored);
 * an item without a usable name, or named like a field the page has, is skipped.
 */
export function parseExtended(text: string | null | undefined, taken: readonly string[] = []): QueryField[] {
  if (!text || !text.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { template?: unknown }).template) ? (parsed as { template: unknown[] }).template : null;
  if (!list) return [];
  const names = new Set(taken);
  const out: QueryField[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const field = extendedField(item as ExtendedItem);
    if (!field || names.has(field.name)) continue;
    names.add(field.name);
    out.push(field);
  }
  return out;
}
