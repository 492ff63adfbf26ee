import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { HEADERS, PORTAL_BUILD_META } from '../../src/shared/constants';
import { noteServedBuild, resetServedBuild } from '../../src/services/http/build-version';
import { httpEvents, type NewVersionEvent } from '../../src/services/http/events';

/** services/http/build-version.ts: the page's build (its <meta>) against each answer's header. */
const heard: NewVersionEvent[] = [];
let off: () => void = () => undefined;
const answer = (build?: string) => ({ headers: new Headers(build ? { [HEADERS.portalBuild]: build } : {}) });
const pageOf = (build: string | null) => {
  document.head.innerHTML = build === null ? '' : `<meta name="${PORTAL_BUILD_META}" content="${build}">`;
};

beforeEach(() => {
  resetServedBuild();
  heard.length = 0;
  off = httpEvents.on('newVersion', (e) => void heard.push(e));
});
afterEach(() => off());

it('says nothing while the server serves the page’s own build, or names none', () => {
  pageOf('aaaa1111');
  noteServedBuild(answer('aaaa1111'));
  noteServedBuild(answer());
  expect(heard).toEqual([]);
});

it('says once that a new version is out when an answer names another build', () => {
  pageOf('aaaa1111');
  noteServedBuild(answer('aaaa1111'));
  noteServedBuild(answer('bbbb2222'));
  noteServedBuild(answer('bbbb2222'));
  noteServedBuild(answer('cccc3333'));
  expect(heard).toEqual([{ served: 'bbbb2222' }]);
});

it('a page without a build (the development server’s) is never told', () => {
  pageOf(null);
  noteServedBuild(answer('bbbb2222'));
  expect(heard).toEqual([]);
});
