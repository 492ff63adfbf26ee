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
  return {
    loading: snapshot.hasTag('busy'),
    failed: snapshot.matches('failed'),
    saving: snapshot.hasTag('saving'),
    serverMessage,
    tree: index?.tree ?? ([] as MenuNode[]),
    current,
    trail: index && current ? breadcrumbs(index.byId, current.id) : [],
    query,
    results: query.trim() ? searchMenu(leaves, query) : ([] as SearchItem[]),
    history: historyItems(history, leaves),
    favourites: favourites.map((id) => byId.get(id)).filter((x): x is SearchItem => x !== undefined),
    defaultItem: defaultId ? byId.get(defaultId) : undefined,
    isFavourite: (id: string) => favouriteSet.has(id),
    isDefault: (id: string) => defaultId === id,
    retry: () => send({ type: 'MENU.RETRY' }),
    search: (value: string) => send({ type: 'SEARCH.CHANGE', query: value }),
    pick: (id: string) => send({ type: 'SEARCH.PICK', id }),
    toggleFavourite: (id: string) => send(favouriteSet.has(id) ? { type: 'FAVOURITE.DELETE', id } : { type: 'FAVOURITE.ADD', id }),
    clearFavourites: () => send({ type: 'FAVOURITE.CLEAR' }),
    toggleDefault: (id: string) => send(defaultId === id ? { type: 'DEFAULT.UNSET' } : { type: 'DEFAULT.SET', id }),
  };
}
