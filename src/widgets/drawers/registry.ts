import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The named side drawers of the shell (docs/shell.md, "Drawers"). A later page adds one line
 * here and opens it with `useOpenDrawer()('<name>')` or a link to `?drawer=<name>`; the
 * `iframe` drawer shows the route's `url` parameter.
 */
export interface DrawerDef {
  titleKey: string;
  panel: LazyExoticComponent<ComponentType>;
}

export const DRAWERS: Record<string, DrawerDef> = {
  reminders: { titleKey: 'shell.drawers.reminders', panel: lazy(() => import(/* webpackChunkName: "drawer-reminders" */ './panels/RemindersPanel')) },
  favourites: { titleKey: 'shell.drawers.favourites', panel: lazy(() => import(/* webpackChunkName: "drawer-favourites" */ './panels/FavouritesPanel')) },
  settings: { titleKey: 'shell.drawers.settings', panel: lazy(() => import(/* webpackChunkName: "drawer-settings" */ './panels/SettingsPanel')) },
  password: { titleKey: 'shell.drawers.password', panel: lazy(() => import(/* webpackChunkName: "drawer-password" */ './panels/PasswordPanel')) },
  session: { titleKey: 'shell.drawers.session', panel: lazy(() => import(/* webpackChunkName: "drawer-session" */ './panels/SessionPanel')) },
  allMenus: { titleKey: 'shell.drawers.allMenus', panel: lazy(() => import(/* webpackChunkName: "drawer-all-menus" */ './panels/AllMenusPanel')) },
  searchHistory: { titleKey: 'shell.drawers.searchHistory', panel: lazy(() => import(/* webpackChunkName: "drawer-search-history" */ './panels/SearchHistoryPanel')) },
  shortcuts: { titleKey: 'shell.drawers.shortcuts', panel: lazy(() => import(/* webpackChunkName: "drawer-shortcuts" */ './panels/ShortcutsPanel')) },
  iframe: { titleKey: 'shell.drawers.iframe', panel: lazy(() => import(/* webpackChunkName: "drawer-iframe" */ './panels/IframePanel')) },
};

export const isDrawerName = (name: string) => Object.hasOwn(DRAWERS, name);
