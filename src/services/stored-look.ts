import { DEFAULT_NAV_COLOR, DEFAULT_THEME, NAV_COLORS, THEME_NAMES } from '../shared/constants';
import { local } from './storage';

/**
 * How the shell looks as a page starts, from the browser's storage (theme_name, nav_color,
 * isLeftOpen): read by the theme (theme.ts), the shell's frame (views/shell/shell-frame.ts) and
 * index.html's first paint (home-first-paint.ts), which runs before React has loaded.
 */
export type ThemeName = (typeof THEME_NAMES)[number];
export type NavColor = (typeof NAV_COLORS)[number];

export const isThemeName = (v: unknown): v is ThemeName => typeof v === 'string' && (THEME_NAMES as readonly string[]).includes(v);
export const isNavColor = (v: unknown): v is NavColor => typeof v === 'string' && (NAV_COLORS as readonly string[]).includes(v);

export function storedTheme(): ThemeName {
  const t = local.get('themeName');
  return isThemeName(t) ? t : (DEFAULT_THEME as ThemeName);
}

export function storedNavColor(): NavColor {
  const c = local.get('navColor');
  return isNavColor(c) ? c : (DEFAULT_NAV_COLOR as NavColor);
}

/** Whether the left menu opens with the page: as the user left it, open the first time. */
export const leftMenuOpenAtStart = (): boolean => local.get('isLeftOpen') ?? true;
