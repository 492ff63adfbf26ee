import { expect, type Page } from '@playwright/test';

/**
 * A visible raw locale key ('shell.menu.star') means a message is missing in the current
 * language. This collects every visible text node and every label-like attribute
 * (aria-label, placeholder, title, alt) that looks like one. Text set as code (`<code>`: a
 * machine's state `authenticated.starting` on the diagrams page) is a name, not a message.
 */
export const LOCALE_KEY = /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9]+)+$/;

export async function rawLocaleKeys(page: Page): Promise<string[]> {
  return page.evaluate((source) => {
    const pattern = new RegExp(source);
    const found = new Set<string>();
    const visible = (el: Element | null) => {
      if (!el) return false;
      const style = window.getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
      const box = (el as HTMLElement).getBoundingClientRect();
      return box.width > 0 || box.height > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text && pattern.test(text) && visible(node.parentElement) && !node.parentElement?.closest('code')) found.add(text);
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],[alt]')) {
      if (!visible(el)) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(attr)?.trim();
        if (value && pattern.test(value)) found.add(`${attr}=${value}`);
      }
    }
    if (pattern.test(document.title.trim())) found.add(`title=${document.title}`);
    return [...found];
  }, LOCALE_KEY.source);
}

/** Fails the test when any visible text is a raw locale key. */
export async function expectNoRawLocaleKeys(page: Page): Promise<void> {
  expect(await rawLocaleKeys(page), 'visible raw locale keys').toEqual([]);
}
