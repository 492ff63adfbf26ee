import type { FieldChangeEvent } from './form.connect';

/**
 * A form machine's values after an event: the changed field for `FIELD.CHANGE`, the same
 * values for any other event (xstate types an action's event as the machine's whole union).
 */
export function withField<V extends { [K in keyof V]: string }>(values: V, event: { type: string }): V {
  if (event.type !== 'FIELD.CHANGE') return values;
  const { field, value } = event as FieldChangeEvent<Extract<keyof V, string>>;
  return { ...values, [field]: value };
}
