import { defaultBaseConfig, mergeConfigs } from '@chakra-ui/react';
import { defaultThemeConfig } from '@chakra-ui/react/theme';

/**
 * Chakra's default configuration (tokens, recipes, conditions), merged here as Chakra's preset
 * module does. Not taken as `defaultConfig` from '@chakra-ui/react': that module also builds
 * Chakra's own `defaultSystem` as it loads, a second createSystem (the costliest thing a page
 * does as it starts) for a system the app never uses. Its own module so a page's entry can load
 * these definitions in one task and build the app's system (theme.ts) in the next (issue 16).
 */
export const chakraDefaults = mergeConfigs(defaultBaseConfig, defaultThemeConfig);
