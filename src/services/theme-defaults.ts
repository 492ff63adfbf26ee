import { defaultBaseConfig, type SystemConfig } from '@chakra-ui/react';
import { defaultThemeConfig } from '@chakra-ui/react/theme';

/**
 * Chakra's default configuration (tokens, recipes, conditions), in the two parts Chakra's preset
 * module merges; createSystem (theme-system.ts) merges them with the app's own in one pass
 * (merging them here first cloned every recipe and token twice). Not taken as `defaultConfig`
 * from '@chakra-ui/react': that module also builds Chakra's own `defaultSystem` as it loads, a
 * second createSystem (the costliest thing a page does as it starts) for a system the app never
 * uses. Its own module so a page's entry can load these definitions in one task and build the
 * app's system (theme-system.ts) in the next (issue 16).
 */
export const chakraDefaults: readonly SystemConfig[] = [defaultBaseConfig, defaultThemeConfig];
