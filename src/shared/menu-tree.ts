/**
 * The menu as the shell uses it (shell §2, §3): a three-level tree built from the flat list the
 * server sends, the flattened leaves the menu search runs over, the search history and the
 * breadcrumbs. Pure functions, linear in the number of items, so 5,000 leaves stay instant
 * (bench/menu-client.bench.mjs).
 */
import { MENU_LEVELS, MENU_SEARCH_HISTORY_MAX } from './constants';

/** One row of /auth/userMenu/query-user-menu. */
export interface MenuRow {
  id: number | string;
  fatherFunctionId: number | string | null | undefined;
  functionName: string;
  funcUrl: string | null | undefined;
  funcOrder: number | null | undefined;
  oftenUsed?: boolean | number | null;
}

export interface MenuNode {
  id: string;
  parentId: string | null;
  functionName: string;
  /** Path inside the app, scheme and host stripped; '' for a group. */
  funcUrl: string;
  funcOrder: number;
  oftenUsed: boolean;
  /** 1 = first level, 2 = second level, 3 = leaf level. */
  level: number;
  children: MenuNode[];
}

/** A leaf as the menu search lists it: tagged with its first-level parent. */
export interface SearchItem {
  id: string;
  functionName: string;
  funcUrl: string;
  firstLevelId: string;
  firstLevelName: string;
  /** Lower-cased name and first-level name for matching, computed once. */
  haystack: string;
}

export interface MenuIndex {
  tree: MenuNode[];
  byId: Map<string, MenuNode>;
  leaves: SearchItem[];
  byUrl: Map<string, MenuNode>;
}

const SCHEME_AND_HOST = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i;

/** 'https://host:8080/x/y?q' → '/x/y?q'; a relative address gets its leading slash. */
export function stripOrigin(url: string | null | undefined): string {
  if (!url) return '';
  const rest = url.trim().replace(SCHEME_AND_HOST, '');
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : `/${rest}`;
}

const isTop = (parent: MenuRow['fatherFunctionId']) => parent === null || parent === undefined || parent === '' || parent === 0 || parent === '0';

const byOrderThenId = (a: MenuNode, b: MenuNode) => a.funcOrder - b.funcOrder || compareIds(a.id, b.id);

function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Builds the tree by parent id. Rows deeper than three levels are attached to their
 * third-level ancestor's level (the shell draws three); rows whose parent is missing are
 * dropped, since the server did not grant the branch they hang from.
 */
export function buildMenu(rows: readonly MenuRow[]): MenuIndex {
  const byId = new Map<string, MenuNode>();
  for (const r of rows) {
    const id = String(r.id);
    byId.set(id, {
      id,
      parentId: isTop(r.fatherFunctionId) ? null : String(r.fatherFunctionId),
      functionName: r.functionName ?? '',
      funcUrl: stripOrigin(r.funcUrl),
      funcOrder: Number(r.funcOrder ?? 0) || 0,
      oftenUsed: r.oftenUsed === true || r.oftenUsed === 1,
      level: 0,
      children: [],
    });
  }
  const tree: MenuNode[] = [];
  for (const node of byId.values()) {
    if (node.parentId === null) tree.push(node);
    else byId.get(node.parentId)?.children.push(node);
  }
  const leaves: SearchItem[] = [];
  const byUrl = new Map<string, MenuNode>();
  const visit = (node: MenuNode, level: number, first: MenuNode) => {
    node.level = Math.min(level, MENU_LEVELS);
    node.children.sort(byOrderThenId);
    if (node.children.length === 0 && node.funcUrl && level > 1) {
      leaves.push({ id: node.id, functionName: node.functionName, funcUrl: node.funcUrl, firstLevelId: first.id, firstLevelName: first.functionName, haystack: `${node.functionName}\n${first.functionName}`.toLowerCase() });
      if (!byUrl.has(node.funcUrl)) byUrl.set(node.funcUrl, node);
    }
    for (const child of node.children) visit(child, level + 1, first);
  };
  tree.sort(byOrderThenId);
  for (const top of tree) visit(top, 1, top);
  // Nodes never reached hang from a missing parent: forget them.
  const reached = new Map<string, MenuNode>();
  const collect = (n: MenuNode) => {
    reached.set(n.id, n);
    n.children.forEach(collect);
  };
  tree.forEach(collect);
  return { tree, byId: reached, leaves, byUrl };
}

/**
 * Leaves whose name (or first-level name) contains every word of the query, in menu order;
 * those whose own name has every word first, so that Enter, which opens the first, opens the
 * page named rather than the first page of an area named ('汇率' finds all of 利率汇率, 汇率 first).
 */
export function searchMenu(leaves: readonly SearchItem[], query: string): SearchItem[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const named: SearchItem[] = [];
  const inArea: SearchItem[] = [];
  for (const leaf of leaves) {
    if (!words.every((w) => leaf.haystack.includes(w))) continue;
    const name = leaf.haystack.slice(0, leaf.haystack.indexOf('\n'));
    (words.every((w) => name.includes(w)) ? named : inArea).push(leaf);
  }
  return inArea.length === 0 ? named : [...named, ...inArea];
}

/**
 * The tree cut down to the given leaves, each kept under its own group and area; groups and
 * areas left without any are dropped; the input is not changed. The all-menus drawer draws its
 * filter's matches with it.
 */
export function pruneTree(tree: readonly MenuNode[], keep: ReadonlySet<string>): MenuNode[] {
  const prune = (node: MenuNode): MenuNode | undefined => {
    if (node.children.length === 0) return keep.has(node.id) ? node : undefined;
    const children = node.children.map(prune).filter((c): c is MenuNode => c !== undefined);
    return children.length > 0 ? { ...node, children } : undefined;
  };
  return tree.map(prune).filter((n): n is MenuNode => n !== undefined);
}

/** Most recent first, no duplicates, at most MENU_SEARCH_HISTORY_MAX. */
export function pushHistory(history: readonly string[], id: string, max = MENU_SEARCH_HISTORY_MAX): string[] {
  return [id, ...history.filter((h) => h !== id)].slice(0, max);
}

/** History ids that still name a leaf of this user's menu, as search items. */
export function historyItems(history: readonly string[], leaves: readonly SearchItem[]): SearchItem[] {
  const byId = new Map(leaves.map((l) => [l.id, l]));
  return history.map((id) => byId.get(id)).filter((x): x is SearchItem => x !== undefined);
}

/** The chain from the first level down to the item itself. */
export function breadcrumbs(byId: ReadonlyMap<string, MenuNode>, id: string | null | undefined): MenuNode[] {
  const chain: MenuNode[] = [];
  const seen = new Set<string>();
  let node = id == null ? undefined : byId.get(String(id));
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    chain.unshift(node);
    node = node.parentId === null ? undefined : byId.get(node.parentId);
  }
  return chain;
}

/**
 * The menu leaf a route path shows, ignoring the query: the leaf of the path itself, or else of
 * the nearest path it lies under (a to-do task's `/todo-list/rate-plan/7` is the to-do page's),
 * so the breadcrumbs and the menu's current item stay on the page the address belongs to.
 */
export function leafForPath(index: MenuIndex, path: string): MenuNode | undefined {
  let at = path.split('?')[0] ?? path;
  for (;;) {
    const leaf = index.byUrl.get(at);
    if (leaf) return leaf;
    const cut = at.lastIndexOf('/');
    if (cut <= 0) return undefined;
    at = at.slice(0, cut);
  }
}
