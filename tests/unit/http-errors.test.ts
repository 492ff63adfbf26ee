import { describe, expect, it } from '@jest/globals';
import { CATALOGUED_STATUSES, statusMessageKey, unauthorizedMessageKey } from '../../src/shared/http-errors';
import { afterLoginUrl, currentRoute, loginUrl } from '../../src/services/http/return-to';
import { CODE } from '../../src/shared/codes';
import zh from '../../locale/request/zh-CN/index.json';
import en from '../../locale/request/en-US/index.json';

const lookup = (messages: unknown, key: string) => key.split('.').slice(1).reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('the error catalogue of shell §8', () => {
  it('names every status of the spec, and has a message for each in zh-CN and en-US', () => {
    expect(CATALOGUED_STATUSES).toEqual([400, 401, 403, 404, 405, 408, 412, 500, 501, 502, 503, 504, 505]);
    for (const status of [...CATALOGUED_STATUSES, 0, 418, 599]) {
      for (const messages of [zh, en]) expect(typeof lookup(messages, statusMessageKey(status))).toBe('string');
    }
    expect(lookup(zh, statusMessageKey(0))).toBe('连接服务器失败');
    expect(lookup(en, statusMessageKey(418))).toBe('Connection error');
    expect(lookup(zh, statusMessageKey(504))).toBe('网络超时');
  });

  it('says why a session ended: expired (-998) or logged in elsewhere (-997)', () => {
    expect(lookup(zh, unauthorizedMessageKey(CODE.loginExpired))).toBe('登录已过期，请重新登录');
    expect(lookup(en, unauthorizedMessageKey(CODE.loginElsewhere))).toBe('Your account logged in elsewhere, so this login has ended.');
    expect(unauthorizedMessageKey(undefined)).toBe('request.session.expired');
  });
});

describe('the route to come back to after login', () => {
  it('rides in the login address and brings the user back', () => {
    const url = loginUrl('/profile');
    expect(url).toBe('./login.html?redirect=%2Fprofile#/login');
    expect(afterLoginUrl('?redirect=%2Fprofile')).toBe('./index.html#/profile');
    expect(loginUrl('/')).toBe('./login.html#/login');
  });

  it('never sends anyone to another site', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil', '']) {
      expect(afterLoginUrl(`?redirect=${encodeURIComponent(bad)}`)).toBe('./index.html#/');
    }
    expect(loginUrl('//evil.example')).toBe('./login.html#/login');
  });

  it('reads the current route of index.html only', () => {
    expect(currentRoute({ pathname: '/index.html', hash: '#/profile' })).toBe('/profile');
    expect(currentRoute({ pathname: '/', hash: '' })).toBe('/');
    expect(currentRoute({ pathname: '/login.html', hash: '#/login' })).toBeNull();
  });
});
