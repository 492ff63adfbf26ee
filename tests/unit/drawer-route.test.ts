import { describe, expect, it } from '@jest/globals';
import { drawersFromSearch, routeWithDrawers } from '../../src/widgets/drawers/route-drawers';
import { embeddable } from '../../src/widgets/drawers/panels/IframePanel';

describe('drawers in the route', () => {
  it('reads the open drawers from the query, unknown and repeated names left out', () => {
    expect(drawersFromSearch('?drawer=reminders,nope,settings,reminders')).toEqual({ open: ['reminders', 'settings'], url: null });
    expect(drawersFromSearch('drawer=iframe&url=%2Fx')).toEqual({ open: ['iframe'], url: '/x' });
    expect(drawersFromSearch('')).toEqual({ open: [], url: null });
  });

  it('writes them back, with an empty query when none is open', () => {
    expect(routeWithDrawers('/a', ['reminders', 'iframe'], '/x')).toBe('/a?drawer=reminders%2Ciframe&url=%2Fx');
    expect(routeWithDrawers('/a', [], '/x')).toBe('/a?');
    expect(drawersFromSearch(routeWithDrawers('/a', ['settings'], null).split('?')[1]!)).toEqual({ open: ['settings'], url: null });
  });

  it('embeds only http(s) addresses', () => {
    expect(embeddable('/login.html', 'http://h')).toBe('http://h/login.html');
    expect(embeddable('https://bank.example/p', 'http://h')).toBe('https://bank.example/p');
    expect(embeddable('javascript:alert(1)', 'http://h')).toBeNull();
    expect(embeddable('data:text/html,<b>', 'http://h')).toBeNull();
    expect(embeddable(null, 'http://h')).toBeNull();
  });
});
