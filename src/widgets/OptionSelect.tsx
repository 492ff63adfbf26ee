import type { SelectHTMLAttributes } from 'react';
import { NativeSelect } from '@chakra-ui/react';

/**
 * A native select over a list of options (a dictionary's values, a filter's choices) with a
 * first, empty option that says what choosing nothing means ("any", "choose…"). `field` is
 * spread on the select: a machine's prop getter, or plain props.
 */
export function OptionSelect({ options, empty, field }: {
  options: ReadonlyArray<{ value: string; text: string }>;
  empty: string;
  field: SelectHTMLAttributes<HTMLSelectElement> & Record<`data-${string}`, unknown>;
}) {
  return (
    <NativeSelect.Root size="sm" disabled={field.disabled}>
      <NativeSelect.Field {...field}>
        <option value="">{empty}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
