export { leftMenuOpenAtStart } from '../../services/stored-look';

/**
 * The shell's frame, shared by the shell (ShellView, ShellHeader) and the placeholder the route
 * guard draws while the shell's code loads (ShellPlaceholder), so the greeting it draws first
 * sits where the workbench's will, in the colours the shell will have.
 */
/** The header's height: size-sm buttons and py 2, and its 1 px border. */
export const SHELL_HEADER_HEIGHT = '53px';
/** The left menu's width, from md up, while it is open. */
export const LEFT_MENU_WIDTH = '260px';
/** The main area's padding. */
export const MAIN_PADDING = { base: '2', md: '4' } as const;

/** The header's colours: the theme's palette, or dark when the navigation colour is dark. */
export const headerColours = (dark: boolean) => ({ bg: dark ? 'gray.900' : 'colorPalette.solid', color: dark ? 'gray.100' : 'colorPalette.contrast' });
/** The left menu's colours, likewise. */
export const leftMenuColours = (dark: boolean) => ({ bg: dark ? 'gray.900' : 'bg.panel', color: dark ? 'gray.100' : 'fg' });
