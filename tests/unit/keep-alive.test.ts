import { describe, expect, it } from '@jest/globals';
import { keepAlive } from '../../src/views/shell/keep-alive';
import { KEEP_ALIVE_PAGES_MAX } from '../../src/shared/constants';

describe('keep-alive pages of the page host', () => {
  it('adds a newly shown location last and keeps the ones before it', () => {
    expect(keepAlive([], '/diagrams')).toEqual(['/diagrams']);
    expect(keepAlive(['/diagrams'], '/workbench')).toEqual(['/diagrams', '/workbench']);
  });

  it('moves a location shown again to the end, without keeping it twice', () => {
    expect(keepAlive(['/a', '/b', '/c'], '/a')).toEqual(['/b', '/c', '/a']);
  });

  it('returns the same list when the location is already the latest, so nothing re-renders', () => {
    const kept = ['/a', '/b'];
    expect(keepAlive(kept, '/b')).toBe(kept);
  });

  it(`keeps at most ${KEEP_ALIVE_PAGES_MAX}, dropping the one shown longest ago`, () => {
    let kept: readonly string[] = [];
    for (let i = 0; i <= KEEP_ALIVE_PAGES_MAX; i++) kept = keepAlive(kept, `/page/${i}`);
    expect(kept).toHaveLength(KEEP_ALIVE_PAGES_MAX);
    expect(kept[0]).toBe('/page/1');
    expect(kept[kept.length - 1]).toBe(`/page/${KEEP_ALIVE_PAGES_MAX}`);
  });
});
