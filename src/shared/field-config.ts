/**
 * What an approval field config does to the approval form (widgets §3 "Field config list", §4
 * "Approval field config"; issue 11 point 5), pure so the server can later check a checker's
 * change with the same rule the form applies:
 *
 * - `disabled: false` enables the field in the otherwise read-only approval form;
 *   `disabled: true` leaves it read-only (a config may exist only to set or clear a value).
 * - `isValidValue: false` clears the field's value.
 * - `isValidValue: true` with a non-null `value` sets the field to that value; with a null
 *   `value` the field keeps the record's value.
 *
 * A field named twice counts once, by its first config (the server keeps one per field).
 */
export interface FieldConfigEntry {
  prop: string;
  value: string | null;
  disabled: boolean;
  isValidValue: boolean;
}

function firstByProp(configs: readonly FieldConfigEntry[]): FieldConfigEntry[] {
  const seen = new Set<string>();
  return configs.filter((c) => {
    if (!c || typeof c.prop !== 'string' || seen.has(c.prop)) return false;
    seen.add(c.prop);
    return true;
  });
}

/** The fields a checker may change in the approval form: those a config enables (`disabled: false`). */
export function editableInApproval(configs: readonly FieldConfigEntry[]): string[] {
  return firstByProp(configs).filter((c) => c.disabled === false).map((c) => c.prop);
}

/** What the config does to the form's values: the fields to clear, and the values to set by field. */
export interface FieldConfigEffect {
  enabled: string[];
  cleared: string[];
  values: Record<string, string>;
}

export function fieldConfigEffect(configs: readonly FieldConfigEntry[]): FieldConfigEffect {
  const list = firstByProp(configs);
  return {
    enabled: editableInApproval(list),
    cleared: list.filter((c) => c.isValidValue === false).map((c) => c.prop),
    values: Object.fromEntries(list.filter((c) => c.isValidValue === true && typeof c.value === 'string').map((c) => [c.prop, c.value as string])),
  };
}
