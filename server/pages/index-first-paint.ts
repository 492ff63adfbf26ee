import { FIRST_PAINT_ID, LANGUAGES } from '../../src/shared/constants';
import { PALETTES } from '../../src/shared/theme-palettes';
import { greetingWordsAttribute, LEFT_MENU_WIDTH, MAIN_PADDING, SHELL_HEADER_HEIGHT } from '../../src/shared/shell-frame';
import shellZh from '../../locale/shell/zh-CN/index.json';
import shellEn from '../../locale/shell/en-US/index.json';
import { attribute, NONCE_PLACEHOLDER, type PageParts } from '../plugins/headers';

/**
 * What index.html comes with for its first script to show on the home page (issue 16, point 2;
 * src/services/home-first-paint.ts): the shell's frame and the workbench's greeting, hidden until
 * that script has the user's name. The server does not know who asks (the session token is in
 * the browser's storage) nor the route (the hash): the words of both languages come with it, the
 * script picks one, fills in the name and the colours kept from the last visit, and shows it.
 *
 * It stands where the shell will (the sizes of src/shared/shell-frame.ts: the header's height,
 * the left menu's width from md up, the main area's padding) and the greeting is Chakra's `lg`
 * heading, so the page goes from it to the app's own (which takes it away, widgets/Greeting.tsx)
 * without a shift: the largest paint stays this first one. The colours are Chakra's variables
 * from the static sheet the page loads before it paints. A deployment's overrides of the shell's
 * words show once the app has loaded its locale modules.
 */
const WORDS: Record<(typeof LANGUAGES)[number], string> = { 'zh-CN': shellZh.workbench.welcome, 'en-US': shellEn.workbench.welcome };

const id = `#${FIRST_PAINT_ID}`;
const palettes = PALETTES.map((p) => `${id}[data-palette=${p}] .fp-header{background:var(--chakra-colors-${p}-solid)}`).join('');
const CSS =
  `${id}{position:fixed;inset:0;z-index:1500;display:flex;flex-direction:column;background:var(--chakra-colors-bg,#fff);color:var(--chakra-colors-fg,#09090b)}` +
  `${id}[hidden]{display:none}` +
  `${id} .fp-header{height:${SHELL_HEADER_HEIGHT};flex-shrink:0;border-bottom-width:1px}` +
  palettes +
  `${id} .fp-body{display:flex;flex:1;min-height:0}` +
  `${id} .fp-menu{display:none;width:${LEFT_MENU_WIDTH};flex-shrink:0;border-right-width:1px;background:var(--chakra-colors-bg-panel,#fff)}` +
  `${id}[data-nav=dark] .fp-header,${id}[data-nav=dark] .fp-menu{background:var(--chakra-colors-gray-900,#18181b)}` +
  `${id} .fp-main{flex:1;min-width:0;padding:var(--chakra-spacing-${MAIN_PADDING.base})}` +
  `${id} h1{margin:0;font-family:var(--chakra-fonts-heading);font-weight:var(--chakra-font-weights-semibold,600);font-size:var(--chakra-font-sizes-lg,1.125rem);line-height:1.75rem}` +
  // Chakra's md, as the shell's hideBelow="md" and padding { md: '4' }; last, so that it wins.
  `@media screen and (min-width:48rem){${id}[data-menu=open] .fp-menu{display:block}${id} .fp-main{padding:var(--chakra-spacing-${MAIN_PADDING.md})}}`;

const words = LANGUAGES.map((lang) => ` ${greetingWordsAttribute(lang)}="${attribute(WORDS[lang])}"`).join('');

const PARTS: PageParts = {
  head: [`<style nonce="${NONCE_PLACEHOLDER}">${CSS}</style>`],
  firstPaint:
    `<div id="${FIRST_PAINT_ID}" hidden aria-hidden="true"${words}>` +
    `<div class="fp-header"></div><div class="fp-body"><div class="fp-menu"></div><div class="fp-main"><h1 data-part="greeting"></h1></div></div></div>`,
};

export const indexFirstPaint = (): PageParts => PARTS;
