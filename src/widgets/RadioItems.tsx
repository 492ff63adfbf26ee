import { HStack, RadioGroup } from '@chakra-ui/react';

/** A choice as a radio group lists it. */
export interface RadioChoice {
  value: string;
  text: string;
}

/**
 * The items of a radio group, side by side and wrapping on a narrow screen: one per choice,
 * each with its hidden input, its indicator and its text. `itemProps` adds what a connect
 * says of an item (its state, disabled).
 */
export function RadioItems({ choices, gap = '6', minH, itemProps }: { choices: readonly RadioChoice[]; gap?: string; minH?: string; itemProps?: (value: string) => Record<string, unknown> }) {
  return (
    <HStack gap={gap} wrap="wrap" minH={minH}>
      {choices.map((o) => (
        <RadioGroup.Item key={o.value} value={o.value} {...itemProps?.(o.value)}>
          <RadioGroup.ItemHiddenInput />
          <RadioGroup.ItemIndicator />
          <RadioGroup.ItemText>{o.text}</RadioGroup.ItemText>
        </RadioGroup.Item>
      ))}
    </HStack>
  );
}
