import { CODE } from '../../src/shared/codes';
import type { Translate } from '../i18n';
import { refuse, type AppError } from './answer';

/**
 * What a failed schema validation tells the caller: per field and rule, localised, with no
 * validator internals. The error handler (plugins/errors.ts) answers Fastify's own validation so,
 * and a route that validates a part of its body against a schema chosen at run time (an export's
 * query, by its table) answers the same way with invalidRequest.
 */

/** One problem of a body the contract refuses, as the caller sees it: no validator internals. */
export interface FieldProblem {
  /** The field's name in the body ('' for the body itself). */
  field: string;
  /** The rule it broke: required, unknownField, maxLength, minLength, forbiddenCharacter, pattern, type, enum, minimum, maximum, maxItems, minItems, format, invalid. */
  rule: string;
  /** The limit the rule names, when it has one. */
  limit?: number;
  message: string;
}

export interface ValidationItem {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  schema?: unknown;
}

const NUL_PATTERN = '^[^\\u0000]*$';

/** The field a validator error is about: the last named step of its path, or the missing/unknown property. */
function fieldOf(item: ValidationItem): string {
  if (item.keyword === 'required') return String(item.params.missingProperty ?? '');
  if (item.keyword === 'additionalProperties') return String(item.params.additionalProperty ?? '');
  const steps = item.instancePath.split('/').filter(Boolean);
  const named = [...steps].reverse().find((s) => !/^\d+$/.test(s));
  return named ?? '';
}

function ruleOf(item: ValidationItem): { rule: string; limit?: number } {
  const limit = typeof item.params.limit === 'number' ? item.params.limit : undefined;
  switch (item.keyword) {
    case 'additionalProperties':
      return { rule: 'unknownField' };
    case 'minLength':
      return limit === 1 ? { rule: 'required' } : { rule: 'minLength', limit };
    case 'pattern':
      return { rule: item.params.pattern === NUL_PATTERN ? 'forbiddenCharacter' : 'pattern' };
    case 'required':
    case 'maxLength':
    case 'type':
    case 'enum':
    case 'const':
    case 'format':
    case 'maxItems':
    case 'minItems':
      return { rule: item.keyword === 'const' ? 'enum' : item.keyword, ...(limit !== undefined ? { limit } : {}) };
    case 'minimum':
    case 'maximum':
      return { rule: item.keyword, ...(limit !== undefined ? { limit } : {}) };
    default:
      return { rule: 'invalid' };
  }
}

/**
 * Unions (an empty body is `{}` or null) report one error per branch: keep the ones that say
 * something about a field, else the first.
 */
function relevant(items: ValidationItem[]): ValidationItem[] {
  const specific = items.filter((i) => i.keyword !== 'anyOf' && !(i.keyword === 'type' && i.params.type === 'null'));
  return oneOfValues(specific.length ? specific : items.slice(0, 1));
}

/**
 * A union of literals reports each literal it is not (and each literal's type): the caller reads
 * one list of the values it may be.
 */
function oneOfValues(items: ValidationItem[]): ValidationItem[] {
  const values = new Map<string, unknown[]>();
  for (const i of items) if (i.keyword === 'const') values.set(i.instancePath, [...(values.get(i.instancePath) ?? []), i.params.allowedValue]);
  const literals = new Set(values.keys());
  return items.flatMap((i) => {
    if (i.keyword === 'type' && literals.has(i.instancePath)) return [];
    if (i.keyword !== 'const') return [i];
    const allowed = values.get(i.instancePath);
    if (!allowed) return [];
    values.delete(i.instancePath);
    return [{ ...i, keyword: 'enum', params: { allowedValues: allowed } }];
  });
}

/** A field's name as the caller's own form shows it (a resource's label), when the call knows one. */
export type FieldName = (field: string) => string | undefined;

const RANGE_END = /^(.+)(From|To)$/;

/**
 * A resource's field names, each end of a query's date range (`<field>From`, `<field>To`)
 * included: named as the query form labels that end ("日期（开始）", "Date (to)").
 */
export function resourceFieldNames(label: FieldName, t: Translate): FieldName {
  return (field) => {
    const own = label(field);
    if (own !== undefined) return own;
    const [, base, end] = RANGE_END.exec(field) ?? [];
    const baseLabel = base === undefined ? undefined : label(base);
    return baseLabel === undefined ? undefined : t(end === 'From' ? 'query.input.from' : 'query.input.to', { field: baseLabel });
  };
}

/** Localised, per field and per rule, deduplicated: what a validation failure tells the caller. */
export function describeValidation(items: ValidationItem[], t: Translate, named: FieldName = () => undefined): FieldProblem[] {
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const item of relevant(items)) {
    const field = fieldOf(item);
    const { rule, limit } = ruleOf(item);
    const label = field ? (named(field) ?? t(`field.${field}`)) : t('field.body');
    const fieldLabel = label.startsWith('field.') ? field : label;
    // enum names its values; const (one value) names it allowedValue.
    const values = Array.isArray(item.params.allowedValues) ? item.params.allowedValues : 'allowedValue' in item.params ? [item.params.allowedValue] : [];
    const allowed = values.map((v) => (v === '' ? '""' : String(v))).join(', ');
    const type = typeof item.params.type === 'string' ? t(`validation.types.${item.params.type}`) : '';
    const message = t(`validation.${rule}`, { field: fieldLabel, limit, allowed, type });
    if (seen.has(message)) continue;
    seen.add(message);
    out.push({ field, rule, ...(limit !== undefined ? { limit } : {}), message });
  }
  return out;
}

/** The 400 refusal (code 1002) of a request whose body broke these schema rules. */
export function invalidRequest(items: ValidationItem[], t: Translate, named?: FieldName): AppError {
  const errors = describeValidation(items, t, named);
  const detail = errors.map((e) => e.message).join(t('validation.separator'));
  return refuse(CODE.validation, { detail }, { status: 400, data: { errors } });
}
