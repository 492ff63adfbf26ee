import { expect } from '@jest/globals';
import { menuMachine } from '../../src/machines/menu.machine';
import { connectMenu } from '../../src/machines/menu.connect';
import { describeModel } from './support/model';
import type { MenuRow } from '../../src/shared/menu-tree';

const rows: MenuRow[] = [
  { id: 1, fatherFunctionId: null, functionName: '利率汇率', funcUrl: null, funcOrder: 1 },
  { id: 11, fatherFunctionId: 1, functionName: '汇率', funcUrl: null, funcOrder: 1 },
  { id: 111, fatherFunctionId: 11, functionName: '汇率', funcUrl: 'https://h/exchange-rate', funcOrder: 1 },
];
const view = (s: unknown) => connectMenu(s as never, () => undefined, '/exchange-rate');

describeModel(menuMachine, {
  input: { history: [] },
  events: {
    'SEARCH.CHANGE': [{ query: '汇' }],
    'SEARCH.PICK': [{ id: '111' }, { id: '11' }],
    'FAVOURITE.ADD': [{ id: '111' }],
    'FAVOURITE.DELETE': [{ id: '111' }],
    'DEFAULT.SET': [{ id: '111' }],
  },
  actors: {
    loadMenu: { outputs: [{ rows, favourites: [], defaultId: null }], errors: [new Error('菜单加载失败')] },
    saveFavourite: { outputs: [['111']], errors: [new Error('常用菜单已满')] },
    saveDefault: { outputs: ['111'], errors: [new Error('无权使用该功能')] },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.favourites, s.context.defaultId, s.context.query, s.context.history, s.context.index !== null, s.context.serverMessage !== null]),
  states: {
    loading: (s, step) => {
      const v = view(s);
      expect([v.state, v.getRootProps()['aria-busy']]).toEqual(['loading', true]);
      // A reload (language switch) loads the menu again from the server, in the new language,
      // while the menu had stays shown (and the page it grants stays mounted).
      if (step.event.type === 'MENU.RELOAD') expect(s.context.index).not.toBeNull();
      if (s.context.index) {
        expect([v.loading, v.reloading, v.current?.id]).toEqual([false, true, '111']);
        expect(v.tree.map((n) => n.functionName)).toEqual(['利率汇率']);
      } else expect([v.loading, v.reloading, v.current]).toEqual([true, false, undefined]);
    },
    failed: (s) => expect([view(s).failed, view(s).serverMessage]).toEqual([true, '菜单加载失败']),
    ready: (s, step) => {
      const v = view(s);
      expect(v.tree.map((n) => n.functionName)).toEqual(['利率汇率']);
      expect(v.trail.map((n) => n.id)).toEqual(['1', '11', '111']);
      // Only a leaf can be picked; picking it clears the query and lands in the history.
      if (step.event.type === 'SEARCH.PICK' && (step.event as unknown as { id: string }).id === '111') expect([s.context.query, s.context.history[0]]).toEqual(['', '111']);
      if (s.context.query) expect(v.results.map((r) => [r.id, r.firstLevelName])).toEqual([['111', '利率汇率']]);
      // The search offers the matches, or the history when nothing is typed.
      expect(v.searchItems).toEqual(s.context.query ? v.results : v.history);
      // Parts for the menu widgets: the current page's link and the star beside each item.
      expect(v.getLeafProps({ id: '111', funcUrl: '/exchange-rate' })).toMatchObject({ 'data-part': 'leaf', 'data-state': 'current', 'aria-current': 'page' });
      expect(v.getStarProps('111')['data-state']).toBe(s.context.favourites.includes('111') ? 'on' : 'off');
      expect(v.getRootProps()['data-state']).toBe('ready');
    },
    'ready.idle': (s) => expect([view(s).saving, view(s).loading, view(s).reloading]).toEqual([false, false, false]),
    'ready.savingFavourite': (s) => {
      expect(view(s).saving).toBe(true);
      // Busy, not disabled: the star keeps the keyboard's focus, and a second press sends nothing.
      const sent: unknown[] = [];
      const star = connectMenu(s as never, (e) => sent.push(e), '/exchange-rate').getStarProps('111');
      star.onClick({ stopPropagation: () => undefined, preventDefault: () => undefined });
      expect([star['aria-disabled'], 'disabled' in star, sent]).toEqual([true, false, []]);
    },
    'ready.savingDefault': (s) => expect(view(s).saving).toBe(true),
  },
});
