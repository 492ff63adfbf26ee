import type { SnapshotFrom } from 'xstate';
import { breadcrumbs, historyItems, leafForPath, searchMenu, type MenuNode, type SearchItem } from '../shared/menu-tree';
import type { MenuEvent, menuMachine } from './menu.machine';

type Snapshot = SnapshotFrom<typeof menuMachine>;

/** What the menu, its search, the often-used list and the breadcrumbs render. */
export function connectMenu(snapshot: Snapshot, send: (event: MenuEvent) => void, path: string) {
  const { index, favourites, defaultId, query, history, serverMessage } = snapshot.context;
  const favouriteSet = new Set(favourites);
  const leaves = index?.leaves ?? [];
  const current = index ? leafForPath(index, path) : undefined;
  const byId = new Map(leaves.map((l) => [l.id, l]));
  const showingHistory = query.trim() === '';
  const results = showingHistory ? ([] as SearchItem[]) : searchMenu(leaves, query);
  const historyList = historyItems(history, leaves);
  const busy = snapshot.hasTag('busy');
  const state = snapshot.matches('failed') ? 'failed' : busy ? 'loading' : 'ready';
  return {
    state,
    /** No menu to show yet: the first load. */
    loading: busy && index === null,
    /**
     * The menu is asked for again (a language switch) while the one had stays on screen, and
     * so does the page it grants: a page taken down for that moment would lose what was typed.
     */
    reloading: busy && index !== null,
    failed: snapshot.matches('failed'),
    saving: snapshot.hasTag('saving'),
    serverMessage,
    tree: index?.tree ?? ([] as MenuNode[]),
    current,
    /** The first-level area of the current page (the left menu opens it by itself). */
    currentTopId: current ? byId.get(current.id)?.firstLevelId : undefined,
    leaves,
    defaultId,
    trail: index && current ? breadcrumbs(index.byId, current.id) : [],
    query,
    results,
    history: historyList,
    showingHistory,
    /** What the search offers: the matches, or the history when nothing is typed. */
    searchItems: showingHistory ? historyList : results,
    favourites: favourites.map((id) => byId.get(id)).filter((x): x is SearchItem => x !== undefined),
    defaultItem: defaultId ? byId.get(defaultId) : undefined,
    isFavourite: (id: string) => favouriteSet.has(id),
    isDefault: (id: string) => defaultId === id,
    retry: () => send({ type: 'MENU.RETRY' }),
    search: (value: string) => send({ type: 'SEARCH.CHANGE', query: value }),
    pick: (id: string) => send({ type: 'SEARCH.PICK', id }),
    toggleFavourite: (id: string) => send(favouriteSet.has(id) ? { type: 'FAVOURITE.DELETE', id } : { type: 'FAVOURITE.ADD', id }),
    clearFavourites: () => send({ type: 'FAVOURITE.CLEAR' }),
    setDefault: (id: string | null) => send(id ? { type: 'DEFAULT.SET', id } : { type: 'DEFAULT.UNSET' }),
    toggleDefault: (id: string) => send(defaultId === id ? { type: 'DEFAULT.UNSET' } : { type: 'DEFAULT.SET', id }),
    clearHistory: () => send({ type: 'HISTORY.CLEAR' }),
    getRootProps: () => ({ 'data-part': 'menu', 'data-state': state, 'aria-busy': busy }),
    // The search is Chakra's (Ark's) combobox, whose parts already carry data-part and
    // data-state (highlighted, checked): these add only what the menu knows.
    getSearchRootProps: () => ({ 'data-mode': showingHistory ? 'history' : 'results' }),
    getSearchItemProps: (item: SearchItem) => ({ 'data-testid': 'menu-search-option', 'data-current': current?.id === item.id ? '' : undefined }),
    /** A menu item's link (left menu, all menus, often-used): current or not. */
    getLeafProps: (leaf: { id: string; funcUrl: string | null }) => ({
      'data-part': 'leaf',
      'data-state': current?.id === leaf.id ? 'current' : 'idle',
      'aria-current': current?.id === leaf.id ? ('page' as const) : undefined,
    }),
    /** The star beside an item (never inside an option): often-used or not, kept on the server. */
    getStarProps: (id: string) => ({
      'data-part': 'star',
      'data-state': favouriteSet.has(id) ? 'on' : 'off',
      'aria-pressed': favouriteSet.has(id),
      // Busy, not disabled (form.connect's busyButton): the star pressed keeps the keyboard's focus.
      'aria-disabled': snapshot.hasTag('saving') || undefined,
      onClick: (e: { stopPropagation: () => void; preventDefault: () => void }) => {
        e.stopPropagation();
        e.preventDefault();
        if (!snapshot.hasTag('saving')) send(favouriteSet.has(id) ? { type: 'FAVOURITE.DELETE', id } : { type: 'FAVOURITE.ADD', id });
      },
    }),
  };
}
