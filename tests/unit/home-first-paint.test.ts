import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { indexFirstPaint } from '../../server/pages/index-first-paint';
import { CODE } from '../../src/shared/codes';
import { FIRST_PAINT_ID, HEADERS, HOME_FIRST_PAINT_MAX_WAIT_MS, LOCAL_KEYS } from '../../src/shared/constants';
import { homeFirstPaintSettled, paintHomeGreetingEarly, takeFirstPaintSessionInfo } from '../../src/services/home-first-paint';

/**
 * index.html's first paint on the home page (src/services/home-first-paint.ts) on the markup the
 * server sends (server/pages/index-first-paint.ts), with a fetch double: what it asks, what it
 * paints from the answer and the stored choices, and what it hands the app.
 */
const USER = { id: 1, userCode: 'admin', userName: '系统管理员', userNameEn: 'Administrator' };
const answerOf = (body: unknown) => ({ clone: () => ({ json: async () => body }) }) as unknown as Response;
let fetchDouble: jest.Mock<(url: string, init?: RequestInit) => Promise<Response>>;

const frame = () => document.getElementById(FIRST_PAINT_ID)!;
const greeting = () => frame().querySelector('h1')!.textContent;

beforeEach(() => {
  document.body.innerHTML = indexFirstPaint().firstPaint!;
  localStorage.clear();
  window.location.hash = '#/';
  fetchDouble = jest.fn(async () => answerOf({ code: CODE.ok, data: { loginUserInfo: USER } }));
  globalThis.fetch = fetchDouble as unknown as typeof fetch;
  // jsdom paints nothing: the next frame is the next task.
  globalThis.requestAnimationFrame = ((callback: FrameRequestCallback) => setTimeout(() => callback(0), 0)) as unknown as typeof requestAnimationFrame;
});
afterEach(() => {
  delete (window as { __portalHomeFirstPaint?: unknown }).__portalHomeFirstPaint;
});

describe('index.html greets on the home page before the app runs', () => {
  it('asks nothing and shows nothing without a stored session, or on another route; the app then runs at once', async () => {
    paintHomeGreetingEarly();
    localStorage.setItem(LOCAL_KEYS.sessionKey, 'token-1');
    window.location.hash = '#/outbox';
    paintHomeGreetingEarly();
    expect(fetchDouble).not.toHaveBeenCalled();
    expect(frame().hidden).toBe(true);
    expect(takeFirstPaintSessionInfo()).toBeNull();
    await expect(homeFirstPaintSettled()).resolves.toBeUndefined();
  });

  it('greets in the stored language with the English name, in the stored theme, navigation colour and menu state, and hands its answer over once', async () => {
    localStorage.setItem(LOCAL_KEYS.sessionKey, 'token-1');
    localStorage.setItem(LOCAL_KEYS.lang, 'en-US');
    localStorage.setItem(LOCAL_KEYS.themeName, 'var1');
    localStorage.setItem(LOCAL_KEYS.navColor, 'dark');
    localStorage.setItem(LOCAL_KEYS.isLeftOpen, 'false');
    window.location.hash = '#/workbench?from=menu';
    paintHomeGreetingEarly();
    expect(fetchDouble).toHaveBeenCalledTimes(1);
    const [url, init] = fetchDouble.mock.calls[0]!;
    expect(url).toBe('/api/fsmc/session/share/query-session-info');
    expect(init?.headers).toEqual({ [HEADERS.lang]: 'en-US', [HEADERS.jwtToken]: 'token-1' });
    await homeFirstPaintSettled();
    expect(frame().hidden).toBe(false);
    expect(greeting()).toBe('Welcome, Administrator');
    expect(frame().dataset).toMatchObject({ palette: 'blue', nav: 'dark', menu: 'closed' });
    const asked = takeFirstPaintSessionInfo();
    expect(asked).toBe(fetchDouble.mock.results[0]!.value);
    expect(takeFirstPaintSessionInfo()).toBeNull();
  });

  it('greets in Chinese with the Chinese name by default, in the default theme with the menu open', async () => {
    localStorage.setItem(LOCAL_KEYS.sessionKey, 'token-1');
    paintHomeGreetingEarly();
    await homeFirstPaintSettled();
    expect(greeting()).toBe('欢迎，系统管理员');
    expect(frame().dataset).toMatchObject({ palette: 'teal', nav: 'light', menu: 'open' });
  });

  it('paints nothing for a refused session or a failed request, and the app runs', async () => {
    localStorage.setItem(LOCAL_KEYS.sessionKey, 'token-1');
    fetchDouble.mockImplementationOnce(async () => answerOf({ code: CODE.loginExpired, msg: 'expired', data: null }));
    paintHomeGreetingEarly();
    await homeFirstPaintSettled();
    expect(frame().hidden).toBe(true);
    fetchDouble.mockImplementationOnce(async () => Promise.reject(new TypeError('Failed to fetch')));
    paintHomeGreetingEarly();
    await homeFirstPaintSettled();
    expect(frame().hidden).toBe(true);
    // The app gets the failure and sends the call itself (RequestOptions.asked).
    await expect(takeFirstPaintSessionInfo()).rejects.toThrow('Failed to fetch');
  });

  it('lets the app run at most HOME_FIRST_PAINT_MAX_WAIT_MS after asking when the answer is late', async () => {
    jest.useFakeTimers();
    try {
      localStorage.setItem(LOCAL_KEYS.sessionKey, 'token-1');
      fetchDouble.mockImplementationOnce(() => new Promise<Response>(() => {}));
      paintHomeGreetingEarly();
      let ran = false;
      void homeFirstPaintSettled().then(() => (ran = true));
      await jest.advanceTimersByTimeAsync(HOME_FIRST_PAINT_MAX_WAIT_MS - 1);
      expect(ran).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(ran).toBe(true);
      expect(frame().hidden).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('index.html\'s first script runs the app', () => {
  const APP = 'assets/index.0123456789.js';
  /** Runs entries/index-first-paint.ts as the page would, named by a script tag carrying the app's. */
  async function runFirstScript(): Promise<void> {
    const tag = document.createElement('script');
    tag.setAttribute('data-app-script', APP);
    Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
    try {
      await jest.isolateModulesAsync(async () => {
        await import('../../src/entries/index-first-paint');
      });
    } finally {
      Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
    }
  }
  const appScripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
  afterEach(() => document.head.querySelectorAll('script').forEach((s) => s.remove()));

  it('at once where there is no greeting to paint', async () => {
    window.location.hash = '#/outbox';
    await runFirstScript();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appScripts()).toEqual([APP]);
  });

  it('after the greeting has been painted on the home page', async () => {
    localStorage.setItem(LOCAL_KEYS.sessionKey, 'token-1');
    await runFirstScript();
    expect(appScripts()).toEqual([]);
    await homeFirstPaintSettled();
    expect(greeting()).toBe('欢迎，系统管理员');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appScripts()).toEqual([APP]);
  });

  it('even when the greeting\'s code throws', async () => {
    localStorage.setItem(LOCAL_KEYS.sessionKey, 'token-1');
    const lookUp = jest.spyOn(document, 'getElementById').mockImplementation(() => {
      throw new Error('no such page');
    });
    try {
      await runFirstScript();
    } finally {
      lookUp.mockRestore();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appScripts()).toEqual([APP]);
    expect(fetchDouble).not.toHaveBeenCalled();
  });
});
