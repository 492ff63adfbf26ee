import { Body, Empty, endpoint } from './define';
import { NavColor, Preferences, ThemeName } from './common';

/** The user's colour theme and navigation colour (shell §2). */
export const preferences = {
  themes: endpoint({ path: '/api/fsmc/themes/query', summary: 'The user’s theme and navigation colour.', body: Empty, data: Preferences }),
  saveTheme: endpoint({ path: '/api/fsmc/themes/add', summary: 'Saves theme and navigation colour.', body: Body({ themeName: ThemeName, navColor: NavColor }), data: Preferences }),
};
