import { createSystem, defineConfig } from '@chakra-ui/react';
import { chakraDefaults } from './theme-defaults';

/**
 * The app's Chakra system: Chakra's defaults with the few tokens the portal changes. Its own
 * module, free of the browser, because the build runs it too: the global styles it makes
 * (reset, token variables, keyframes) are written as a static style sheet at build time
 * (scripts/build/chakra-global-css.cjs, issue 16), and the pages do not insert them at run time.
 */

/**
 * Palettes whose shade 600 (Chakra's `solid`) carries white text below WCAG AA's 4.5:1 (teal
 * 3.74, cyan 3.68, orange 3.56, green 3.30) take shade 700 instead; blue and purple pass at 600.
 * `solid` fills the header and primary buttons, so this is where their contrast is decided;
 * tests/unit/theme-contrast.test.ts measures every theme.
 */
const DARKER_SOLID = ['cyan', 'green', 'orange', 'teal'] as const;
const solidTokens = Object.fromEntries(DARKER_SOLID.map((p) => [p, { solid: { value: { _light: `{colors.${p}.700}`, _dark: `{colors.${p}.700}` } } }]));
/**
 * A field's error text (Field.ErrorText, Fieldset.ErrorText) is `fg.error`: Chakra's red.500 on
 * white is 3.76:1, below AA for its small text; red.700 is well above it.
 */
const errorTokens = { fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } } };

export const system = createSystem(
  ...chakraDefaults,
  defineConfig({
    globalCss: { 'html, body, #root': { height: '100%' } },
    theme: { semanticTokens: { colors: { ...solidTokens, ...errorTokens } } },
  }),
);

/**
 * The system the pages give ChakraProvider: the same, with its global styles already in the
 * page's static style sheet (scripts/build/chakra-global-css.cjs), so the provider inserts
 * nothing at run time. The layers' order is in that sheet too; `disableLayers` here is read by
 * the provider alone (the recipes' layers were fixed when the system was made). Copied by
 * property descriptors, not spread: in the browser bundle `_global` is computed only when read
 * (scripts/build/chakra-lazy-global-loader.cjs), and a spread would read it.
 */
export const pageSystem: typeof system = Object.defineProperties(
  {} as typeof system,
  { ...Object.getOwnPropertyDescriptors(system), _global: { value: [] }, _config: { value: { ...system._config, disableLayers: true } } },
);
