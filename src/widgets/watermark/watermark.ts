import { WATERMARK, WATERMARK_TIME_REFRESH_MS } from '../../shared/constants';

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
}

/**
 * A page-wide watermark over everything, clicks passing through it (widgets §9). Removing it, or
 * changing its style to hide it, draws it again at once: a MutationObserver sees the change in
 * the same task, well within the spec's 500 ms (WATERMARK_REDRAW_MS), without a timer asking
 * every 500 ms. Answers the function that takes it away for good (logout, leaving the shell).
 */
export function mountWatermark(doc: Document, info: () => WatermarkInfo, { refreshMs = WATERMARK_TIME_REFRESH_MS }: MountOptions = {}): () => void {
  let element: HTMLElement | null = null;
  let drawnStyle = '';
  const draw = () => {
    element?.remove();
    const el = doc.createElement('div');
    el.setAttribute('data-testid', 'watermark');
    el.setAttribute('aria-hidden', 'true');
    // Set through the CSSOM: the page's style policy allows no inline style attribute text.
    Object.assign(el.style, {
      position: 'fixed',
      inset: '0',
      pointerEvents: 'none',
      zIndex: '2147483000',
      backgroundImage: watermarkUrl(info()),
      backgroundRepeat: 'repeat',
      backgroundSize: `${WATERMARK.tile}px ${WATERMARK.tile}px`,
    });
    doc.body.appendChild(el);
    element = el;
    drawnStyle = el.getAttribute('style') ?? '';
    elementObserver.disconnect();
    elementObserver.observe(el, { attributes: true });
  };
  const check = () => {
    if (!element || !element.isConnected || element.getAttribute('style') !== drawnStyle || element.hidden) draw();
  };
  const bodyObserver = new MutationObserver(check);
  const elementObserver = new MutationObserver(check);
  draw();
  bodyObserver.observe(doc.body, { childList: true });
  const timer = setInterval(draw, refreshMs);
  return () => {
    clearInterval(timer);
    bodyObserver.disconnect();
    elementObserver.disconnect();
    element?.remove();
    element = null;
  };
}
