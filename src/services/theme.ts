import { useSyncExternalStore } from 'react';
import { DEFAULT_NAV_COLOR, DEFAULT_THEME, NAV_COLORS, THEME_NAMES } from '../shared/constants';
import { local } from './storage';

/**
 * The colour theme and the navigation colour (light or dark, default light). The theme's palette
 * (theme-palettes.ts) is applied with Chakra's `colorPalette` on the app root, so every widget
 * follows it. The choice is kept in local storage (theme_name, nav_color) and, per user, on the
 * server (the shell saves it); `applyTheme` changes it live for every subscriber.
 */
export type ThemeName = (typeof THEME_NAMES)[number];
export type NavColor = (typeof NAV_COLORS)[number];

export { THEMES } from '../shared/theme-palettes';

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

export interface ThemeChoice {
  themeName: ThemeName;
  navColor: NavColor;
}

let current: ThemeChoice = { themeName: storedTheme(), navColor: storedNavColor() };
const listeners = new Set<() => void>();

/** Remembers the choice locally and repaints every subscriber; unknown names fall back to the defaults. */
export function applyTheme(choice: { themeName?: unknown; navColor?: unknown }): ThemeChoice {
  const next: ThemeChoice = {
    themeName: isThemeName(choice.themeName) ? choice.themeName : current.themeName,
    navColor: isNavColor(choice.navColor) ? choice.navColor : current.navColor,
  };
  local.set('themeName', next.themeName);
  local.set('navColor', next.navColor);
  if (next.themeName !== current.themeName || next.navColor !== current.navColor) {
    current = next;
    listeners.forEach((l) => l());
  }
  return current;
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
