import type { FieldDef, ResourceDef } from './define';
import type { VirtualDictionaryFamily } from '../shared/constants';

/**
 * Fields whose chooser follows another field's value (`choiceBy` in define.ts; a data-auth
 * grant's value is an organisation, an account, a currency… by its kind). Both the form and
 * the server read a field through `choiceOf`, so they agree on what the field is right now.
 */

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

export type Choice =
  /** Not a `choiceBy` field: the field as declared. */
  | { state: 'fixed'; field: FieldDef }
  /** The field it follows is empty: nothing to choose from yet. */
  | { state: 'waiting'; on: string }
  /** The field it follows holds a value the map does not name: this field does not apply. */
  | { state: 'none'; on: string }
  /** The chooser for the value it follows: the field with that choice's scroll source or dictionary. */
  | { state: 'chosen'; field: FieldDef };

export function choiceOf(def: FieldDef, values: Record<string, unknown>): Choice {
  if (!def.choiceBy) return { state: 'fixed', field: def };
  const by = def.choiceBy;
  const value = values[by.field];
  if (!filled(value)) return { state: 'waiting', on: by.field };
  const choice = 'family' in by ? { dict: familyDictionary(by.family, String(value)) } : by.choices[String(value)];
  if (!choice) return { state: 'none', on: by.field };
  const { choiceBy: _followed, ...rest } = def;
  return { state: 'chosen', field: { ...rest, ...choice } };
}

/** The dictionary of a family for one value it follows (`SensitiveField:counter-party`). */
export const familyDictionary = (family: VirtualDictionaryFamily, value: string) => `${family}:${value}`;

/** A field whose dictionary follows another field's value (`choiceBy.family`): which family, following which field. */
export function familyOf(def: FieldDef | undefined): { family: VirtualDictionaryFamily; on: string } | null {
  const by = def?.choiceBy;
  return by && 'family' in by ? { family: by.family, on: by.field } : null;
}

/** What the followed field's value keys a field's choice by (its change empties the field in the form). */
export function choiceKey(def: FieldDef, values: Record<string, unknown>): string {
  return def.choiceBy ? String(values[def.choiceBy.field] ?? '') : '';
}

/**
 * A resource's fields with each `choiceBy` field resolved for these values: what the server
 * checks a body against (scroll dropdowns: 2100/2101; dictionaries: 1406) once `choiceProblems`
 * found nothing.
 */
export function resolvedFields(resource: ResourceDef, values: Record<string, unknown>): Record<string, FieldDef> {
  const out: Record<string, FieldDef> = {};
  for (const [name, def] of Object.entries(resource.fields)) {
    const choice = choiceOf(def, values);
    if (choice.state === 'fixed' || choice.state === 'chosen') out[name] = choice.field;
  }
  return out;
}

/** A `choiceBy` field holding a value while the field it follows names no chooser for it. */
export function choiceProblems(resource: ResourceDef, values: Record<string, unknown>): Array<{ field: string; on: string }> {
  const out: Array<{ field: string; on: string }> = [];
  for (const [name, def] of Object.entries(resource.fields)) {
    if (!def.choiceBy || !filled(values[name])) continue;
    const choice = choiceOf(def, values);
    if (choice.state === 'waiting' || choice.state === 'none') out.push({ field: name, on: choice.on });
  }
  return out;
}
