import type { Language } from './constants';

/**
 * The shell's frame as sizes, for the shell (src/views/shell/shell-frame.ts) and for index.html's
 * first paint, which the server writes as CSS (server/pages/index-first-paint.ts): both must put
 * the greeting on the same box.
 */
/** The header's height: size-sm buttons and py 2, and its 1 px border. */
export const SHELL_HEADER_HEIGHT = '53px';
/** The left menu's width, from md up, while it is open. */
export const LEFT_MENU_WIDTH = '260px';
/** The main area's padding, in Chakra's spacing tokens. */
export const MAIN_PADDING = { base: '2', md: '4' } as const;

/** The attribute of index.html's first paint that carries the greeting's words in `lang` (src/services/home-first-paint.ts reads it). */
export const greetingWordsAttribute = (lang: Language): string => `data-welcome-${lang.toLowerCase()}`;
