import { WATERMARK, WATERMARK_REDRAW_MS, WATERMARK_TIME_REFRESH_MS } from '../../shared/constants';

/** What the watermark shows (widgets §3 "Watermark info"): who is looking, and when. */
export interface WatermarkInfo {
  name: string;
  userAccount: string;
  time: string;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One tile (widgets §9: 250 × 250, the text turned −30°) as SVG: text, not a canvas, so it is the
 * same in every browser, in jsdom, and needs no script-drawn image under the strict policy
 * (img-src allows data:).
 */
export function watermarkSvg(info: WatermarkInfo): string {
  const { tile, angle } = WATERMARK;
  const centre = tile / 2;
  const lines = [info.name, info.userAccount, info.time].filter(Boolean);
  const lineHeight = 18;
  const top = centre - ((lines.length - 1) * lineHeight) / 2;
  const text = lines.map((line, i) => `<text x="${centre}" y="${top + i * lineHeight}">${escapeXml(line)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${tile}" height="${tile}"><g transform="rotate(${angle} ${centre} ${centre})" fill="rgba(100,100,100,0.16)" font-family="sans-serif" font-size="14" text-anchor="middle" dominant-baseline="middle">${text}</g></svg>`;
}

/** The tile as a CSS url(): parentheses and quotes escaped too, so no CSS parser reads past it. */
export const watermarkUrl = (info: WatermarkInfo) =>
  `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(watermarkSvg(info)).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}")`;

export interface MountOptions {
  /** The time the watermark's text is refreshed at (ours, WATERMARK_TIME_REFRESH_MS). */
  refreshMs?: number;
  /** How often its computed style is checked (widgets §9: every WATERMARK_REDRAW_MS). */
  checkMs?: number;
}

/**
 * The watermark's style, each declaration `!important` on the element itself: an injected
 * stylesheet's rule, however specific and important, loses to it in the cascade (a rule of the
 * reader's own, user-origin stylesheet is the one thing that wins; the check below redraws it
 * then, which is all a page can do).
 */
const pinned = (background: string): Record<string, string> => ({
  position: 'fixed',
  inset: '0',
  width: 'auto',
  height: 'auto',
  display: 'block',
  visibility: 'visible',
  opacity: '1',
  filter: 'none',
  transform: 'none',
  'clip-path': 'none',
  'pointer-events': 'none',
  'z-index': '2147483000',
  'background-image': background,
  'background-repeat': 'repeat',
  'background-size': `${WATERMARK.tile}px ${WATERMARK.tile}px`,
});

/** Whether the element, as the browser draws it, shows the watermark: not undisplayed, invisible, transparent or bare. */
export function watermarkShows(el: HTMLElement): boolean {
  const view = el.ownerDocument.defaultView;
  if (!view) return false;
  const computed = view.getComputedStyle(el);
  return computed.display !== 'none' && computed.visibility === 'visible' && Number(computed.opacity) >= 1 && computed.backgroundImage !== 'none';
}

/**
 * A page-wide watermark over everything, clicks passing through it (widgets §9). Removed, or its
 * style attribute changed, it is drawn again at once (a MutationObserver sees the change in the
 * same task); hidden some other way (a stylesheet added or a rule inserted into one, which no
 * observer reports), the check of its computed style every WATERMARK_REDRAW_MS draws it again,
 * as the spec's "redrawn every 500 ms" asks. Answers the function that takes it away for good
 * (logout, leaving the shell).
 */
export function mountWatermark(doc: Document, info: () => WatermarkInfo, { refreshMs = WATERMARK_TIME_REFRESH_MS, checkMs = WATERMARK_REDRAW_MS }: MountOptions = {}): () => void {
  let element: HTMLElement | null = null;
  let drawnStyle = '';
  const draw = () => {
    element?.remove();
    const el = doc.createElement('div');
    el.setAttribute('data-testid', 'watermark');
    el.setAttribute('aria-hidden', 'true');
    // Set through the CSSOM: the page's style policy allows no inline style attribute text.
    for (const [property, value] of Object.entries(pinned(watermarkUrl(info())))) el.style.setProperty(property, value, 'important');
    doc.body.appendChild(el);
    element = el;
    drawnStyle = el.getAttribute('style') ?? '';
    elementObserver.disconnect();
    elementObserver.observe(el, { attributes: true });
  };
  const intact = () => !!element && element.isConnected && element.getAttribute('style') === drawnStyle && !element.hidden;
  const mend = () => {
    if (!intact()) draw();
  };
  // The computed style only from the timer and the head: a drawing that still does not show (a
  // user stylesheet's rule) must not set off the body's observer again and loop.
  const check = () => {
    if (!intact() || !watermarkShows(element!)) draw();
  };
  const bodyObserver = new MutationObserver(mend);
  const elementObserver = new MutationObserver(mend);
  // A stylesheet added or changed in the head is checked at once, not only at the next tick.
  const headObserver = new MutationObserver(check);
  draw();
  bodyObserver.observe(doc.body, { childList: true });
  headObserver.observe(doc.head, { childList: true, subtree: true, characterData: true });
  const refresh = setInterval(draw, refreshMs);
  const watch = setInterval(check, checkMs);
  return () => {
    clearInterval(refresh);
    clearInterval(watch);
    bodyObserver.disconnect();
    elementObserver.disconnect();
    headObserver.disconnect();
    element?.remove();
    element = null;
  };
}
