import { expect } from '@jest/globals';
import { drawerMachine } from '../../src/machines/drawer.machine';
import { connectDrawers } from '../../src/machines/drawer.connect';
import { describeModel } from './support/model';

const view = (s: unknown) => connectDrawers(s as never, () => undefined);

describeModel(drawerMachine, {
  input: { path: '/a' },
  events: {
    'DRAWER.OPEN': [{ name: 'reminders' }, { name: 'iframe', url: '/embedded' }],
    'DRAWER.CLOSE': [{}, { name: 'reminders' }],
    'ROUTE.CHANGE': [
      { path: '/a', open: ['settings'], url: null },
      { path: '/b', open: [], url: null },
      { path: '/c', open: ['reminders'], url: null },
    ],
  },
  serializeState: (s) => JSON.stringify(s.context),
  limit: 2000,
  onState: (s, step) => {
    const { open, path } = s.context;
    expect(new Set(open).size).toBe(open.length);
    // A change of path closes every drawer.
    if (step.event.type === 'ROUTE.CHANGE' && (step.event as unknown as { path: string }).path !== '/a') expect(open).toEqual([]);
    if (step.event.type === 'DRAWER.OPEN') expect(open.at(-1)).toBe((step.event as unknown as { name: string }).name);
    if (open.length === 0) expect(s.context.url).toBeNull();
    expect(view(s).openNames).toEqual(open);
    expect(typeof path).toBe('string');
  },
  states: { ready: (s) => expect(s.status).toBe('active') },
});
