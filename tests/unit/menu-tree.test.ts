import { describe, expect, it } from '@jest/globals';
import { breadcrumbs, buildMenu, historyItems, leafForPath, pruneTree, pushHistory, searchMenu, stripOrigin, type MenuRow } from '../../src/shared/menu-tree';
import { MENU_SEARCH_HISTORY_MAX } from '../../src/shared/constants';

const rows: MenuRow[] = [
  { id: 2, fatherFunctionId: 0, functionName: 'Rates', funcUrl: null, funcOrder: 2 },
  { id: 1, fatherFunctionId: null, functionName: 'Organisation', funcUrl: '', funcOrder: 1 },
  { id: 11, fatherFunctionId: 1, functionName: 'Org info', funcUrl: null, funcOrder: 1 },
  { id: 113, fatherFunctionId: 11, functionName: 'Departments', funcUrl: 'https://bank.example:8443/department', funcOrder: 2 },
  { id: 112, fatherFunctionId: 11, functionName: 'Org extension', funcUrl: '//cdn.example/org-info-ettr', funcOrder: 1 },
  { id: 111, fatherFunctionId: 11, functionName: 'Org info page', funcUrl: 'org-info', funcOrder: 1 },
  { id: 21, fatherFunctionId: '2', functionName: 'Exchange', funcUrl: null, funcOrder: 1 },
  { id: 211, fatherFunctionId: 21, functionName: 'Exchange rates', funcUrl: 'http://x/exchange-rate?tab=1', funcOrder: 1, oftenUsed: 1 },
  { id: 999, fatherFunctionId: 77, functionName: 'Orphan', funcUrl: '/orphan', funcOrder: 1 },
];

describe('menu tree', () => {
  it('builds three levels by parent id, 0/empty/null being top level, ordered by order then id', () => {
    const { tree } = buildMenu(rows);
    expect(tree.map((n) => n.functionName)).toEqual(['Organisation', 'Rates']);
    expect(tree[0]!.children[0]!.children.map((n) => n.id)).toEqual(['111', '112', '113']);
    expect(tree[0]!.children[0]!.children.every((n) => n.level === 3)).toBe(true);
    expect(tree[1]!.children[0]!.children[0]!.oftenUsed).toBe(true);
  });

  it('strips scheme and host from funcUrl', () => {
    expect(stripOrigin('https://bank.example:8443/department')).toBe('/department');
    expect(stripOrigin('//cdn.example/org-info-ettr')).toBe('/org-info-ettr');
    expect(stripOrigin('org-info')).toBe('/org-info');
    expect(stripOrigin('http://x/exchange-rate?tab=1')).toBe('/exchange-rate?tab=1');
    expect(stripOrigin(null)).toBe('');
  });

  it('flattens leaves for search, each tagged with its first-level parent', () => {
    const { leaves } = buildMenu(rows);
    expect(leaves.map((l) => [l.id, l.firstLevelId, l.firstLevelName])).toEqual([
      ['111', '1', 'Organisation'],
      ['112', '1', 'Organisation'],
      ['113', '1', 'Organisation'],
      ['211', '2', 'Rates'],
    ]);
  });

  it('drops rows hanging from a branch the user was not granted', () => {
    const { byId, leaves } = buildMenu(rows);
    expect(byId.has('999')).toBe(false);
    expect(leaves.some((l) => l.id === '999')).toBe(false);
  });

  it('searches case-insensitively on every word, including the first-level name', () => {
    const { leaves } = buildMenu(rows);
    expect(searchMenu(leaves, 'ORG').map((l) => l.id)).toEqual(['111', '112', '113']);
    expect(searchMenu(leaves, 'rates exch').map((l) => l.id)).toEqual(['211']);
    // Pages named by the query come before pages found through their area's name.
    expect(searchMenu(leaves, 'info').map((l) => l.id)).toEqual(['111']);
    expect(searchMenu(leaves, 'organisation').map((l) => l.id)).toEqual(['111', '112', '113']);
    expect(searchMenu(leaves, 'a').map((l) => l.id)).toEqual(['111', '113', '211', '112']);
    expect(searchMenu(leaves, '   ')).toEqual([]);
    expect(searchMenu(leaves, 'nothing-like-this')).toEqual([]);
  });

  it('prunes the tree to the matching leaves under their own groups and areas, leaving the tree as it was', () => {
    const { tree, leaves } = buildMenu(rows);
    const names = (nodes: typeof tree): unknown => nodes.map((n) => (n.children.length > 0 ? { [n.functionName]: names(n.children) } : n.functionName));
    const kept = pruneTree(tree, new Set(searchMenu(leaves, 'ext').map((l) => l.id)));
    expect(names(kept)).toEqual([{ Organisation: [{ 'Org info': ['Org extension'] }] }]);
    expect(names(pruneTree(tree, new Set(searchMenu(leaves, 'rates').map((l) => l.id))))).toEqual([{ Rates: [{ Exchange: ['Exchange rates'] }] }]);
    expect(pruneTree(tree, new Set())).toEqual([]);
    expect(tree[0]!.children[0]!.children).toHaveLength(3);
  });

  it('keeps at most MENU_SEARCH_HISTORY_MAX recent ids, newest first, without duplicates', () => {
    let history: string[] = [];
    for (let i = 1; i <= MENU_SEARCH_HISTORY_MAX + 3; i++) history = pushHistory(history, String(i));
    expect(history).toHaveLength(MENU_SEARCH_HISTORY_MAX);
    expect(history[0]).toBe(String(MENU_SEARCH_HISTORY_MAX + 3));
    history = pushHistory(history, '7');
    expect(history[0]).toBe('7');
    expect(history.filter((h) => h === '7')).toHaveLength(1);
  });

  it('turns history ids into items, forgetting ids no longer in the menu', () => {
    const { leaves } = buildMenu(rows);
    expect(historyItems(['211', 'gone', '111'], leaves).map((l) => l.id)).toEqual(['211', '111']);
  });

  it('gives breadcrumbs along the parent chain and finds the leaf of a path', () => {
    const index = buildMenu(rows);
    expect(breadcrumbs(index.byId, '113').map((n) => n.functionName)).toEqual(['Organisation', 'Org info', 'Departments']);
    expect(breadcrumbs(index.byId, 'nope')).toEqual([]);
    expect(leafForPath(index, '/department')?.id).toBe('113');
    expect(leafForPath(index, '/unknown')).toBeUndefined();
    // An address under a page's (a task of the to-do page) is that page's; never a page's it only starts like.
    expect(leafForPath(index, '/department/BR01/7?tab=2')?.id).toBe('113');
    expect(leafForPath(index, '/departments')).toBeUndefined();
    expect(leafForPath(index, '/unknown/department')).toBeUndefined();
  });

  it('stays fast with 5,000 leaves', () => {
    const many: MenuRow[] = [];
    for (let a = 1; a <= 10; a++) {
      many.push({ id: a, fatherFunctionId: 0, functionName: `Area ${a}`, funcUrl: null, funcOrder: a });
      for (let b = 1; b <= 10; b++) {
        const g = a * 100 + b;
        many.push({ id: g, fatherFunctionId: a, functionName: `Group ${g}`, funcUrl: null, funcOrder: b });
        for (let c = 1; c <= 50; c++) many.push({ id: g * 100 + c, fatherFunctionId: g, functionName: `Page ${g}-${c}`, funcUrl: `https://h/p/${g}/${c}`, funcOrder: 50 - c });
      }
    }
    const t0 = performance.now();
    const index = buildMenu(many);
    const found = searchMenu(index.leaves, 'page 105');
    const took = performance.now() - t0;
    expect(index.leaves).toHaveLength(5000);
    expect(found.length).toBeGreaterThan(0);
    expect(took).toBeLessThan(500);
  });
});
