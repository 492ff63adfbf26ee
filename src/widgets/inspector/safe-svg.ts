/**
 * Turns the text of a generated diagram into an SVG element that is safe to put in the page:
 * anything that could run code or load from elsewhere (scripts, foreign objects, event
 * handler attributes, external links, style sheets that import or point outside) is removed.
 * The diagram's own style sheet (its colours, and the `active` state's highlight) gets the
 * page's CSP nonce: without it the policy blocks an inserted <style> and the diagram is drawn
 * unstyled. Null when the text is not an SVG.
 */
const DROP = 'script, foreignObject, iframe, object, embed, image, use, animate, set, a';
const OUTSIDE_STYLE = /@import|url\((?!\s*['"]?#)/i;

const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const SVG_NS = 'http://www.w3.org/2000/svg';

export function safeSvg(text: string, doc: Document = document, nonce?: string): SVGSVGElement | null {
  // The style sheets are taken out before parsing and made again in the page's document with
  // the nonce already set: the parser's document shares the page's policy, and a <style> parsed
  // there without a nonce is reported as a violation even though it is never applied.
  const sheets = Array.from(text.matchAll(STYLE_ELEMENT), (m) => m[1]!.replace(/<!\[CDATA\[|\]\]>/g, ''));
  const parsed = new DOMParser().parseFromString(text.replace(STYLE_ELEMENT, ''), 'image/svg+xml');
  const root = parsed.documentElement;
  if (!root || root.nodeName !== 'svg' || parsed.getElementsByTagName('parsererror').length) return null;
  for (const el of Array.from(root.querySelectorAll(DROP))) el.remove();
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') || ((name === 'href' || name === 'xlink:href') && !attr.value.startsWith('#')) || /url\((?!#)/i.test(attr.value)) el.removeAttribute(attr.name);
    }
  }
  const svg = doc.importNode(root, true) as unknown as SVGSVGElement;
  const styles = sheets
    .filter((css) => !OUTSIDE_STYLE.test(css))
    .map((css) => {
      const style = doc.createElementNS(SVG_NS, 'style');
      if (nonce) style.setAttribute('nonce', nonce);
      style.textContent = css;
      return style;
    });
  svg.prepend(...styles);
  return svg;
}

/** Marks the states a machine is in: `<g data-state-id>` elements get the class `active`. */
export function highlightStates(svg: Element, activeIds: readonly string[]): void {
  const active = new Set(activeIds);
  for (const g of Array.from(svg.querySelectorAll('[data-state-id]'))) {
    const on = active.has(g.getAttribute('data-state-id') ?? '');
    g.classList.toggle('active', on);
    if (on) g.setAttribute('aria-current', 'true');
    else g.removeAttribute('aria-current');
  }
}
