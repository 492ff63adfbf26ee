import { defaultBaseConfig, type SystemConfig } from '@chakra-ui/react';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { PALETTES } from '../shared/theme-palettes';

type Colors = Record<string, unknown>;

/** Chakra's colour tokens without the palettes the portal never shows: a palette is a group with a `solid` semantic colour. */
function portalColors(theme: NonNullable<SystemConfig['theme']>): NonNullable<SystemConfig['theme']> {
  const semantic = (theme.semanticTokens?.colors ?? {}) as Colors;
  const dropped = new Set(Object.keys(semantic).filter((name) => 'solid' in (semantic[name] as object) && !PALETTES.includes(name)));
  const keep = (colors: Colors | undefined) => Object.fromEntries(Object.entries(colors ?? {}).filter(([name]) => !dropped.has(name)));
  return {
    ...theme,
    tokens: { ...theme.tokens, colors: keep(theme.tokens?.colors as Colors) },
    semanticTokens: { ...theme.semanticTokens, colors: keep(semantic) },
  } as NonNullable<SystemConfig['theme']>;
}

/**
 * Chakra's default configuration (tokens, recipes, conditions), in the two parts Chakra's preset
 * module merges; createSystem (theme-system.ts) merges them with the app's own in one pass
 * (merging them here first cloned every recipe and token twice). Not taken as `defaultConfig`
 * from '@chakra-ui/react': that module also builds Chakra's own `defaultSystem` as it loads, a
 * second createSystem (the costliest thing a page does as it starts) for a system the app never
 * uses. Its own module so a page's entry can load these definitions in one task and build the
 * app's system (theme-system.ts) in the next (issue 16). Only the palettes of theme-palettes.ts.
 */
export const chakraDefaults: readonly SystemConfig[] = [defaultBaseConfig, { ...defaultThemeConfig, theme: portalColors(defaultThemeConfig.theme ?? {}) }];
