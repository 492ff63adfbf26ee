import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fetchDouble } from './support/fetch-double';

/**
 * Locale files are fetched as the spec says: ./locale/{module}/{lang}/index.json, then
 * z-index.json over it when the build's list (./locale/overrides.json) names one; module
 * global always. fetch is a double here; the e2e tests use the real files.
 */
const files: Record<string, unknown> = {
  './locale/overrides.json': { overrides: ['global/en-US'] },
  './locale/global/en-US/index.json': { appName: 'Treasury Portal', logout: 'Log out' },
  './locale/global/en-US/z-index.json': { appName: 'Bank X Treasury' },
  './locale/shell/en-US/index.json': { menu: { label: 'Menu' } },
};
let requested: string[] = [];

beforeEach(() => {
  jest.resetModules();
  requested = fetchDouble(files);
});

describe('i18n loader', () => {
  it('fetches index.json of each module and of global, and only the z-index.json overrides the build listed, overrides winning', async () => {
    const { loadModules, translate } = await import('../../src/services/i18n/i18n');
    await loadModules('en-US', ['shell']);
    expect(requested.sort()).toEqual(['./locale/global/en-US/index.json', './locale/global/en-US/z-index.json', './locale/overrides.json', './locale/shell/en-US/index.json'].sort());
    expect(translate('en-US', 'global.appName')).toBe('Bank X Treasury');
    expect(translate('en-US', 'global.logout')).toBe('Log out');
    expect(translate('en-US', 'shell.menu.label')).toBe('Menu');
  });

  it('fetches a module once per language, and shows the key itself when a message is missing', async () => {
    const { loadModules, translate } = await import('../../src/services/i18n/i18n');
    await loadModules('en-US', ['shell']);
    await loadModules('en-US', ['shell']);
    expect(requested).toHaveLength(4);
    // Another language asks for its own files only; the list of overrides is not fetched again.
    await loadModules('zh-CN', ['shell']);
    expect(requested.slice(4).sort()).toEqual(['./locale/global/zh-CN/index.json', './locale/shell/zh-CN/index.json']);
    expect(translate('en-US', 'shell.nothing.here')).toBe('shell.nothing.here');
  });

  it('asks for no override at all when the build listed none (no 404 per module and language)', async () => {
    delete files['./locale/overrides.json'];
    const { loadModules } = await import('../../src/services/i18n/i18n');
    await loadModules('en-US', ['shell']);
    expect(requested.filter((u) => u.endsWith('z-index.json'))).toEqual([]);
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

  it('a page asks for its messages beside its code, in the remembered language, not after its code has arrived', async () => {
    localStorage.setItem('lang', 'en-US');
    const { APP_ROUTES } = await import('../../src/views/routes');
    const home = APP_ROUTES.find((r) => r.path === '/')!;
    const code = home.load();
    // Before the view's code has come (or run), its messages are on their way.
    expect(requested).toContain('./locale/workbench/en-US/index.json');
    const diagrams = APP_ROUTES.find((r) => r.path === '/diagrams')!.load();
    expect(requested).toContain('./locale/diagrams/en-US/index.json');
    const { loadModules } = await import('../../src/services/i18n/i18n');
    await loadModules('en-US', ['workbench']);
    // The view's own request later finds them loaded: no second fetch.
    expect(requested.filter((u) => u.includes('/workbench/'))).toEqual(['./locale/workbench/en-US/index.json']);
    await Promise.all([code, diagrams]);
  });
});
