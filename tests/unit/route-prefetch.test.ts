import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fetchDouble } from './support/fetch-double';

/**
 * index.html asks for the opened page's code and locale modules as it starts (issue 16). The
 * page's code is the route's own `load`; here what it asks of the network is seen through a
 * fetch double (the locale files), and the route table decides which page a path opens.
 */
let requested: string[] = [];

beforeEach(() => {
  jest.resetModules();
  requested = fetchDouble({ './locale/overrides.json': { overrides: [] } });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchRouteAt', () => {
  it('the home page: its locale module is asked for before the shell draws it, and its route loads its own page', async () => {
    const { APP_ROUTES } = await import('../../src/views/routes');
    const home = APP_ROUTES.find((r) => r.path === '/')!;
    const load = jest.spyOn(home, 'load').mockResolvedValue({ default: () => null });
    const { prefetchRouteAt } = await import('../../src/views/shell/route-match');
    prefetchRouteAt('/', 'en-US');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(requested).toContain('./locale/workbench/en-US/index.json');
  });

  it('a path no route is written as (a parameter, or nothing) asks for nothing', async () => {
    const { prefetchRouteAt } = await import('../../src/views/shell/route-match');
    prefetchRouteAt('/qr-confirm/abc', 'zh-CN');
    prefetchRouteAt('/no-such-page', 'zh-CN');
    await settle();
    expect(requested).toEqual([]);
  });
});
