import { useSyncExternalStore } from 'react';
import { local } from './storage';
import { isNavColor, isThemeName, storedNavColor, storedTheme, type NavColor, type ThemeName } from './stored-look';

/**
 * The colour theme and the navigation colour (light or dark, default light). The theme's palette
 * (theme-palettes.ts) is applied with Chakra's `colorPalette` on the app root, so every widget
 * follows it. The choice is kept in local storage (theme_name, nav_color) and, per user, on the
 * server (the shell saves it); `applyTheme` changes it live for every subscriber.
 */
export { isNavColor, isThemeName, storedNavColor, storedTheme, type NavColor, type ThemeName } from './stored-look';
export { THEMES } from '../shared/theme-palettes';

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
