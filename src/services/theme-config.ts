import { defineConfig, mergeConfigs, type SystemConfig } from '@chakra-ui/react';
import { chakraDefaults } from './theme-defaults';

/**
 * The app's whole Chakra configuration, merged once: Chakra's defaults (theme-defaults.ts) and the
 * few tokens the portal changes. Its own module so a page's start merges it in one task and builds
 * the system from it (theme-system.ts) in the next (start-in-steps.ts, issue 16): merging deep-copies
 * every token and recipe, about a third of what createSystem did in its one task.
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

/** The portal's own part of the configuration. */
export const portalConfig = defineConfig({
  globalCss: { 'html, body, #root': { height: '100%' } },
  theme: { semanticTokens: { colors: { ...solidTokens, ...errorTokens } } },
});

/**
 * Marks a configuration createSystem may take as it is, without merging (and so deep-copying) it
 * again: read by Chakra's system.js as the browser bundle builds it
 * (scripts/build/chakra-lazy-global-loader.cjs). Elsewhere (the build's static style sheet, the
 * tests) createSystem merges it as usual, which changes nothing: merging a merged config is a copy.
 */
export const MERGED_CONFIG = Symbol.for('treasury-portal.chakra.merged-config');

/** Merged now, handed to createSystem once and never changed by anyone else. */
export const themeConfig: SystemConfig = Object.assign(mergeConfigs(...chakraDefaults, portalConfig), { [MERGED_CONFIG]: true });
