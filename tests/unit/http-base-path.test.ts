import { describe, expect, it, jest } from '@jest/globals';

/**
 * Served under a path prefix (BASE_PATH=/portal/, docs/deploy.md), the client calls the API
 * below its own page's directory, with no setting in the browser.
 */
describe('the API base follows the page', () => {
  const baseUrlAt = (pathname: string): string => {
    window.history.replaceState(null, '', pathname);
    let base = '';
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      base = (require('../../src/services/http/config') as typeof import('../../src/services/http/config')).httpConfig.baseUrl;
    });
    return base;
  };

  it('is empty at the root, and the prefix under one', () => {
    expect(baseUrlAt('/login.html')).toBe('');
    expect(baseUrlAt('/index.html')).toBe('');
    expect(baseUrlAt('/portal/login.html')).toBe('/portal');
    expect(baseUrlAt('/a/b/index.html')).toBe('/a/b');
  });
});
