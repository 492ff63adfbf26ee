import { DEFAULT_THEME, FIRST_PAINT_ID } from '../../src/shared/constants';
import { THEMES } from '../../src/shared/theme-palettes';
import { attribute, NONCE_PLACEHOLDER, type PageParts } from '../plugins/headers';

/**
 * What login.html paints before its script has run (issue 16): the login card as it will stand
 * (the page's tint, the card's frame, its logos at their final size) over grey bars where the
 * tabs, fields and button will be. The logo is the largest thing the login page paints; drawn
 * here, it shows as soon as the image arrives instead of after the script, the theme and the
 * first render (Lighthouse's mobile LCP went from about 3 s to the time of the first paint).
 *
 * The card covers the page (fixed, on top) until the login view can show itself whole, then the
 * view removes it in the same frame (src/widgets/useFirstPaintDone.ts): the page goes from this
 * card to the real one without a blank frame or a layout shift. Hidden from assistive technology:
 * the real form is what they read. Nothing here depends on the language (the visitor's is in
 * their browser's storage, unknown to the server). The colours are Chakra's variables from the
 * static sheet the page loads before it paints (the default theme's tint; a user who chose
 * another sees theirs when the view comes), with fallbacks should that sheet change.
 */
// The header's 64px: the view's logo row (40px, kept while the logos load) and the card's 24px
// padding above it (border-box, as Chakra's reset sizes the view's).
const palette = THEMES[DEFAULT_THEME];
const CSS = `#${FIRST_PAINT_ID}{position:fixed;inset:0;z-index:1500;display:flex;align-items:center;justify-content:center;padding:16px;background:var(--chakra-colors-${palette}-50,#f0fdfa)}
#${FIRST_PAINT_ID} .fp-card{box-sizing:border-box;width:100%;max-width:28rem;background:var(--chakra-colors-bg,#fff);border:1px solid var(--chakra-colors-border,#e4e4e7);border-radius:var(--chakra-radii-l3,6px)}
#${FIRST_PAINT_ID} .fp-header{display:flex;align-items:center;gap:12px;box-sizing:border-box;min-height:64px;padding:24px 24px 0}
#${FIRST_PAINT_ID} .fp-header img{max-height:40px}
#${FIRST_PAINT_ID} .fp-body{display:flex;flex-direction:column;gap:8px;height:309px;box-sizing:border-box;padding:24px}
#${FIRST_PAINT_ID} .fp-footer{display:flex;justify-content:space-between;align-items:center;height:60px;box-sizing:border-box;padding:0 24px 24px}
#${FIRST_PAINT_ID} .fp-bar{background:var(--chakra-colors-bg-muted,#f4f4f5);border-radius:4px;height:14px}
#${FIRST_PAINT_ID} .fp-field{height:40px;border:1px solid var(--chakra-colors-border,#e4e4e7);border-radius:var(--chakra-radii-l2,4px);box-sizing:border-box;margin-bottom:10px}
#${FIRST_PAINT_ID} .fp-tabs{display:flex;gap:32px;padding:10px 16px 12px;border-bottom:1px solid var(--chakra-colors-border,#e4e4e7);margin-bottom:12px}
#${FIRST_PAINT_ID} .fp-button{height:40px;border-radius:var(--chakra-radii-l2,4px);background:var(--chakra-colors-bg-muted,#f4f4f5)}
#${FIRST_PAINT_ID} .fp-title{width:40%;height:20px}
#${FIRST_PAINT_ID} .fp-tab{width:56px}
#${FIRST_PAINT_ID} .fp-label{width:48px}
#${FIRST_PAINT_ID} .fp-link{width:72px}
#${FIRST_PAINT_ID} .fp-select{width:100px;margin:0}`;

// Class names only: the page's policy allows no style attribute (style-src takes the nonce).
const bars = (...kinds: string[]) => kinds.map((kind) => `<div class="fp-bar ${kind}"></div>`).join('');

export function loginFirstPaint(logos: { url: string; originalFileName: string }[]): PageParts {
  const images = logos.map((logo) => `<img src="${attribute(logo.url)}" alt="${attribute(logo.originalFileName)}" fetchpriority="high">`).join('');
  return {
    head: [`<style nonce="${NONCE_PLACEHOLDER}">${CSS.replace(/\n/g, '')}</style>`],
    firstPaint:
      `<div id="${FIRST_PAINT_ID}" aria-hidden="true"><div class="fp-card">` +
      `<div class="fp-header">${images}${bars('fp-title')}</div>` +
      `<div class="fp-body"><div class="fp-tabs">${bars('fp-tab', 'fp-tab', 'fp-tab')}</div>` +
      `${bars('fp-label')}<div class="fp-field"></div>${bars('fp-label')}<div class="fp-field"></div><div class="fp-button"></div></div>` +
      `<div class="fp-footer">${bars('fp-link')}<div class="fp-field fp-select"></div></div>` +
      `</div></div>`,
  };
}
