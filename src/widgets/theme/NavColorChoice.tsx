import { Fieldset, HStack, RadioGroup } from '@chakra-ui/react';
import type { ThemeChoiceApi } from '../../machines/theme-choice.connect';
import { useI18n } from '../../services/i18n/react';
import { NAV_COLORS } from '../../shared/constants';

/** The navigation colour, light or dark: the settings drawer's and the Themes page's one control. */
export function NavColorChoice({ api }: { api: ThemeChoiceApi }) {
  const { t } = useI18n();
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{t('shell.settings.navColor')}</Fieldset.Legend>
      <RadioGroup.Root {...api.getNavColorProps()}>
        <HStack gap="6">
          {NAV_COLORS.map((c) => (
            <RadioGroup.Item key={c} value={c}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`shell.settings.nav.${c}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </Fieldset.Root>
  );
}
