export { leftMenuOpenAtStart } from '../../services/stored-look';
export { LEFT_MENU_WIDTH, MAIN_PADDING, SHELL_HEADER_HEIGHT } from '../../shared/shell-frame';

/**
 * The shell's frame, shared by the shell (ShellView, ShellHeader) and the placeholder the route
 * guard draws while the shell's code loads (ShellPlaceholder), so the greeting it draws first
 * sits where the workbench's will, in the colours the shell will have. Its sizes are in
 * src/shared/shell-frame.ts, which index.html's first paint uses too.
 */

/** The header's colours: the theme's palette, or dark when the navigation colour is dark. */
export const headerColours = (dark: boolean) => ({ bg: dark ? 'gray.900' : 'colorPalette.solid', color: dark ? 'gray.100' : 'colorPalette.contrast' });
/** The left menu's colours, likewise. */
export const leftMenuColours = (dark: boolean) => ({ bg: dark ? 'gray.900' : 'bg.panel', color: dark ? 'gray.100' : 'fg' });
