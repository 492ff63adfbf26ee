import { createSystem } from '@chakra-ui/react';
import { themeConfig } from './theme-config';

/**
 * The app's Chakra system, built from its merged configuration (theme-config.ts). Its own
 * module, free of the browser, because the build runs it too: the global styles it makes
 * (reset, token variables, keyframes) are written as a static style sheet at build time
 * (scripts/build/chakra-global-css.cjs, issue 16), and the pages do not insert them at run time.
 */

export const system = createSystem(themeConfig);

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
