/**
 * Turns the text of a generated diagram into an SVG element that is safe to put in the page:
 * anything that could run code or load from elsewhere (scripts, foreign objects, event
 * handler attributes, external links) is removed. Null when the text is not an SVG.
 */
const DROP = 'script, foreignObject, iframe, object, embed, image, use, animate, set, a';

export function safeSvg(text: string, doc: Document = document): SVGSVGElement | null {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (!root || root.nodeName !== 'svg' || parsed.getElementsByTagName('parsererror').length) return null;
  for (const el of Array.from(root.querySelectorAll(DROP))) el.remove();
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') || ((name === 'href' || name === 'xlink:href') && !attr.value.startsWith('#')) || /url\((?!#)/i.test(attr.value)) el.removeAttribute(attr.name);
    }
  }
  return doc.importNode(root, true) as unknown as SVGSVGElement;
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
