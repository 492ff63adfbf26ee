import { afterAll, beforeAll } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Component tests read what a user reads: the app's real locale files, served to its i18n
 * loader by a fetch double (jsdom has no server). Chakra's popovers and tabs also ask for a
 * ResizeObserver, which jsdom lacks; the one given here never reports.
 */
export const LOCALE = join(__dirname, '../../../locale');

/** A locale module's messages in a language, as the file holds them. */
export const messagesOf = (module: string, lang = 'zh-CN') => JSON.parse(readFileSync(join(LOCALE, module, lang, 'index.json'), 'utf8'));

/** A message with its {{params}} filled in, as rosetta does. */
export const fill = (text: string, params: Record<string, unknown>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

/** For the file's tests: serve these locale modules (any other request answers 404), and a silent ResizeObserver when asked. */
export function serveLocales(modules: readonly string[], options: { resizeObserver?: boolean } = {}) {
  const realFetch = globalThis.fetch;
  const realResizeObserver = globalThis.ResizeObserver;
  const pattern = new RegExp(`locale/(${modules.join('|')})/([\\w-]+)/index\\.json$`);
  beforeAll(() => {
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const m = String(input).match(pattern);
      return m ? new Response(readFileSync(join(LOCALE, m[1]!, m[2]!, 'index.json'), 'utf8'), { status: 200, headers: { 'content-type': 'application/json' } }) : new Response('', { status: 404 });
    }) as typeof fetch;
    if (options.resizeObserver)
      globalThis.ResizeObserver ??= class {
        observe() {}
        unobserve() {}
        disconnect() {}
      } as unknown as typeof ResizeObserver;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
    globalThis.ResizeObserver = realResizeObserver;
  });
}
