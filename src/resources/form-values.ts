import { Value } from 'typebox/value';
import type { ResourceDef } from './define';
import { addSchema, updateSchema } from './schema';
import { isCalendarDate } from '../shared/date-format';

/**
 * A resource's form values: what the user typed (text, as inputs hold it) turned into the body
 * the contract takes, and checked with the very schema the server validates with
 * (src/resources/schema.ts), so the browser and the server refuse the same things. Messages are
 * keys of the locale module `resource` with their parameters; the view translates them. The
 * browser's forms read them through src/services/resource-form.ts; the server's import checks
 * every row of a file with them (docs/import.md).
 */

/** What the inputs hold: text for every field but booleans. */
export type FormValues = Record<string, string | boolean>;
export interface FieldProblem {
  key: string;
  params?: Record<string, unknown>;
}
export type FormErrors = Record<string, FieldProblem>;

/** A new record's values: the definition's defaults, else empty. */
export function initialValues(def: ResourceDef): FormValues {
  const out: FormValues = {};
  for (const [name, f] of Object.entries(def.fields)) out[name] = f.type === 'bool' ? f.default === true : f.default === undefined ? '' : String(f.default);
  return out;
}

/** A stored record's values as inputs hold them. */
export function valuesOf(def: ResourceDef, row: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const [name, f] of Object.entries(def.fields)) {
    const v = row[name];
    out[name] = f.type === 'bool' ? v === true : v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** The body of add (or update, with id and version): numbers as numbers, empty optional fields left out. */
export function bodyOf(def: ResourceDef, values: FormValues, record?: { id: number; version: number }): Record<string, unknown> {
  const out: Record<string, unknown> = record ? { id: record.id, version: record.version } : {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (record && f.immutable) continue;
    const v = values[name];
    if (f.type === 'bool') {
      out[name] = v === true;
      continue;
    }
    const text = typeof v === 'string' ? v.trim() : '';
    if (text === '') {
      if (!f.required || f.ruleCode) continue;
      out[name] = '';
      continue;
    }
    if (f.type === 'int') out[name] = /^-?\d+$/.test(text) ? Number(text) : text;
    else if (f.type === 'decimal') out[name] = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    else out[name] = text;
  }
  return out;
}

/**
 * Whether a decimal holds no more places than its field's scale: the nearest number with `scale`
 * places is itself (the database's numeric(p, scale) would otherwise round it silently). Checked
 * on the number, not its text, so that the browser, the import and the server agree.
 */
export const withinScale = (value: number, scale: number): boolean => Number(value.toFixed(scale)) === value;

/** One problem per field, in the order the schema reports them, then each date's day and each decimal's places; an empty object when all is well. */
export function validateValues(def: ResourceDef, values: FormValues, record?: { id: number; version: number }): FormErrors {
  const schema = record ? updateSchema(def) : addSchema(def);
  const errors: FormErrors = {};
  const body = bodyOf(def, values, record);
  for (const e of Value.Errors(schema, body) as Array<{ keyword: string; instancePath: string; params: Record<string, unknown> }>) {
    if (e.keyword === 'required') {
      for (const name of (e.params.requiredProperties as string[]) ?? []) errors[name] ??= { key: 'resource.error.required' };
      continue;
    }
    const field = e.instancePath.replace(/^\//, '').split('/')[0]!;
    if (!field || errors[field] || !(field in def.fields)) continue;
    const f = def.fields[field]!;
    const value = values[field];
    if (typeof value === 'string' && value.trim() === '' && f.required) errors[field] = { key: 'resource.error.required' };
    else if (e.keyword === 'minLength' && f.required) errors[field] = { key: 'resource.error.required' };
    else if (e.keyword === 'maxLength') errors[field] = { key: 'resource.error.maxLength', params: { max: e.params.limit } };
    else if (e.keyword === 'pattern') errors[field] = { key: f.type === 'date' ? 'resource.error.date' : (f.patternHint ?? 'resource.error.pattern') };
    else if (e.keyword === 'minimum') errors[field] = { key: 'resource.error.minimum', params: { min: e.params.limit } };
    else if (e.keyword === 'maximum') errors[field] = { key: 'resource.error.maximum', params: { max: e.params.limit } };
    else if (f.type === 'int') errors[field] = { key: 'resource.error.integer' };
    else if (f.type === 'decimal') errors[field] = { key: 'resource.error.number' };
    else if (f.type === 'date') errors[field] = { key: 'resource.error.date' };
    else errors[field] = { key: 'resource.error.invalid' };
  }
  for (const [field, f] of Object.entries(def.fields)) {
    const v = body[field];
    if (errors[field]) continue;
    // The shape passes the schema; a day the calendar lacks (2026-02-30) is the server's refusal too (record.badDate).
    if (f.type === 'date' && typeof v === 'string' && v !== '' && !isCalendarDate(v)) errors[field] = { key: 'resource.error.date' };
    if (f.type === 'decimal' && f.scale !== undefined && typeof v === 'number' && !withinScale(v, f.scale)) errors[field] = { key: 'resource.error.scale', params: { scale: f.scale } };
  }
  return errors;
}
