import { beforeEach, describe, expect, it, jest } from '@jest/globals';

/**
 * Locale files are fetched as the spec says: ./locale/{module}/{lang}/index.json, then
 * z-index.json over it; module global always. fetch is a double here; the e2e tests use the
 * real files.
 */
const files: Record<string, unknown> = {
  './locale/global/en-US/index.json': { appName: 'Treasury Portal', logout: 'Log out' },
  './locale/global/en-US/z-index.json': { appName: 'Bank X Treasury' },
  './locale/shell/en-US/index.json': { menu: { label: 'Menu' } },
};
let requested: string[] = [];

beforeEach(() => {
  requested = [];
  jest.resetModules();
  globalThis.fetch = (async (url: string) => {
    requested.push(url);
    return url in files ? new Response(JSON.stringify(files[url])) : new Response('not found', { status: 404 });
  }) as typeof fetch;
});

describe('i18n loader', () => {
  it('fetches index.json and z-index.json of each module and of global, overrides winning', async () => {
    const { loadModules, translate } = await import('../../src/services/i18n/i18n');
    await loadModules('en-US', ['shell']);
    expect(requested.sort()).toEqual(
      ['./locale/global/en-US/index.json', './locale/global/en-US/z-index.json', './locale/shell/en-US/index.json', './locale/shell/en-US/z-index.json'].sort(),
    );
    expect(translate('en-US', 'global.appName')).toBe('Bank X Treasury');
    expect(translate('en-US', 'global.logout')).toBe('Log out');
    expect(translate('en-US', 'shell.menu.label')).toBe('Menu');
  });

  it('fetches a module once per language, and shows the key itself when a message is missing', async () => {
    const { loadModules, translate } = await import('../../src/services/i18n/i18n');
    await loadModules('en-US', ['shell']);
    await loadModules('en-US', ['shell']);
    expect(requested).toHaveLength(4);
    expect(translate('en-US', 'shell.nothing.here')).toBe('shell.nothing.here');
  });

  it('starts in the remembered language, else zh-CN, ignoring a language it has no messages for', async () => {
    const { initialLanguage } = await import('../../src/services/i18n/i18n');
    localStorage.removeItem('lang');
    expect(initialLanguage()).toBe('zh-CN');
    localStorage.setItem('lang', 'en-US');
    expect(initialLanguage()).toBe('en-US');
    localStorage.setItem('lang', 'fr-FR');
    expect(initialLanguage()).toBe('zh-CN');
  });
});
