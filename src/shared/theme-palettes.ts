import type { THEME_NAMES } from './constants';

/**
 * Colour themes by the spec's names (var1…var6, default var6), each a Chakra colour palette.
 * Plain data, free of the browser: the theme system (theme-system.ts), which the build also
 * runs, keeps only the palettes the portal shows.
 */
export const THEMES: Record<(typeof THEME_NAMES)[number], string> = {
  var1: 'blue',
  var2: 'cyan',
  var3: 'purple',
  var4: 'green',
  var5: 'orange',
  var6: 'teal',
};

/**
 * Every colour palette the portal shows: the themes', gray for neutral states and red for
 * danger and errors. Chakra's others (yellow, pink) are left out of the system: each palette
 * is some fifty tokens and their CSS variables, and building them was about a sixth of
 * createSystem, one task of the first screen that nothing can split (issue 16).
 * tests/unit/theme-palettes.test.ts fails when the code names a palette missing here.
 */
export const PALETTES: readonly string[] = [...new Set([...Object.values(THEMES), 'gray', 'red'])];
