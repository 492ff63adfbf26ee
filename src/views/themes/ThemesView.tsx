import { useSelector } from '@xstate/react';
import { Box, HStack, Heading, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { connectThemeChoice } from '../../machines/theme-choice.connect';
import { THEMES } from '../../services/theme';
import { useI18n } from '../../services/i18n/react';
import { THEME_NAMES } from '../../shared/constants';
import { useShell } from '../../widgets/shell-context';
import { ErrorAlert } from '../../widgets/ErrorAlert';
import { NavColorChoice } from '../../widgets/theme/NavColorChoice';

/** Each theme as its palette shows: the shades a page uses most, strongest first. */
const SHADES = ['solid', 'emphasized', 'muted', 'subtle'] as const;

/**
 * The Themes page (portal-shell §1 "per-user themes"): the same choice as the settings drawer
 * (the shell's theme actor, so both show one choice), each theme drawn in its colours. A choice
 * applies at once and is saved for the user on every computer.
 */
export default function ThemesView() {
  const { t } = useI18n();
  const { theme } = useShell();
  const look = useSelector(theme, (s) => connectThemeChoice(s, theme.send));
  return (
    <Stack gap="6" maxW="4xl" data-testid="themes" {...look.getRootProps()}>
      <Stack gap="1">
        <Heading size="lg">{t('shell.routes.themes')}</Heading>
        <Text color="fg.muted" fontSize="sm">{t('shell.themesPage.explain')}</Text>
      </Stack>
      <ErrorAlert message={look.serverMessage} />
      <RadioCard.Root {...look.getThemeGroupProps()} orientation="horizontal" variant="outline">
        <RadioCard.Label>{t('shell.settings.theme')}</RadioCard.Label>
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
          {THEME_NAMES.map((name) => (
            <RadioCard.Item key={name} value={name} colorPalette={THEMES[name]} data-testid="theme-card">
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl>
                <RadioCard.ItemContent>
                  <HStack gap="1" aria-hidden="true">
                    {SHADES.map((shade) => (
                      <Box key={shade} w="6" h="6" rounded="sm" bg={`colorPalette.${shade}`} borderWidth="1px" borderColor="border.muted" />
                    ))}
                  </HStack>
                  <RadioCard.ItemText>{t(`shell.settings.themes.${THEMES[name]}`)}</RadioCard.ItemText>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </SimpleGrid>
      </RadioCard.Root>
      <NavColorChoice api={look} />
    </Stack>
  );
}
