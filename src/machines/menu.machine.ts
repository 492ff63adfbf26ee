import { assign, fromPromise, setup } from 'xstate';
import { buildMenu, pushHistory, type MenuIndex, type MenuRow } from '../shared/menu-tree';
import { messageOf as message } from './message-of';

/**
 * The user's menu: loaded once per session (the server decides what is in it), searched,
 * remembered in the search history, with often-used items (stars) and a default menu kept
 * on the server. Effects are named: `loadMenu`, `saveFavourite`, `saveDefault` (actors),
 * `rememberHistory` and `openItem` (actions), all provided by the shell.
 */
export interface MenuLoad {
  rows: MenuRow[];
  favourites: string[];
  defaultId: string | null;
}

export interface MenuContext {
  index: MenuIndex | null;
  favourites: string[];
  defaultId: string | null;
  query: string;
  history: string[];
  serverMessage: string | null;
}

export type FavouriteChange = { op: 'add'; id: string } | { op: 'delete'; id: string } | { op: 'clear' };
export type DefaultChange = { op: 'set'; id: string } | { op: 'unset' };

export type MenuEvent =
  | { type: 'MENU.RETRY' }
  /** Load again (the language changed: names come from the server in the user's language). */
  | { type: 'MENU.RELOAD' }
  | { type: 'SEARCH.CHANGE'; query: string }
  | { type: 'SEARCH.PICK'; id: string }
  | { type: 'HISTORY.CLEAR' }
  | { type: 'FAVOURITE.ADD'; id: string }
  | { type: 'FAVOURITE.DELETE'; id: string }
  | { type: 'FAVOURITE.CLEAR' }
  | { type: 'DEFAULT.SET'; id: string }
  | { type: 'DEFAULT.UNSET' };

export const menuMachine = setup({
  types: { context: {} as MenuContext, events: {} as MenuEvent, input: {} as { history: string[] } },
  actors: {
    loadMenu: fromPromise<MenuLoad>(async () => {
      throw new Error('loadMenu not provided');
    }),
    /** Applies the change on the server and answers the often-used ids it now holds. */
    saveFavourite: fromPromise<string[], FavouriteChange>(async () => {
      throw new Error('saveFavourite not provided');
    }),
    /** Applies the change on the server and answers the default menu id it now holds. */
    saveDefault: fromPromise<string | null, DefaultChange>(async () => {
      throw new Error('saveDefault not provided');
    }),
  },
  actions: {
    rememberHistory: (_, _history: string[]) => {},
    openItem: (_, _item: { id: string; funcUrl: string }) => {},
    keepServerMessage: assign({ serverMessage: ({ event }) => message((event as { error?: unknown }).error) }),
    keepMenu: assign((_, load: MenuLoad) => ({ index: buildMenu(load.rows), favourites: load.favourites, defaultId: load.defaultId, serverMessage: null })),
    setQuery: assign({ query: ({ event }) => (event.type === 'SEARCH.CHANGE' ? event.query : '') }),
    clearHistory: assign({ history: [] }),
    notePick: assign({ history: ({ context, event }) => (event.type === 'SEARCH.PICK' ? pushHistory(context.history, event.id) : context.history), query: '' }),
    clearServerMessage: assign({ serverMessage: null }),
    keepFavourites: assign((_, favourites: string[]) => ({ favourites })),
    keepDefault: assign((_, defaultId: string | null) => ({ defaultId })),
  },
  guards: {
    isLeaf: ({ context, event }) => event.type === 'SEARCH.PICK' && !!context.index?.byId.get(event.id)?.funcUrl,
  },
}).createMachine({
  id: 'menu',
  context: ({ input }) => ({ index: null, favourites: [], defaultId: null, query: '', history: input.history, serverMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadMenu',
        onDone: { target: 'ready', actions: { type: 'keepMenu', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'keepServerMessage' },
      },
    },
    failed: { on: { 'MENU.RETRY': 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'MENU.RELOAD': '#menu.loading',
        'SEARCH.CHANGE': { actions: 'setQuery' },
        'HISTORY.CLEAR': { actions: ['clearHistory', { type: 'rememberHistory', params: [] }] },
        'SEARCH.PICK': {
          guard: 'isLeaf',
          actions: [
            'notePick',
            { type: 'rememberHistory', params: ({ context }) => context.history },
            { type: 'openItem', params: ({ context, event }) => ({ id: event.id, funcUrl: context.index!.byId.get(event.id)!.funcUrl }) },
          ],
        },
      },
      states: {
        idle: {
          on: {
            'FAVOURITE.ADD': 'savingFavourite',
            'FAVOURITE.DELETE': 'savingFavourite',
            'FAVOURITE.CLEAR': 'savingFavourite',
            'DEFAULT.SET': 'savingDefault',
            'DEFAULT.UNSET': 'savingDefault',
          },
        },
        savingFavourite: {
          tags: ['saving'],
          entry: 'clearServerMessage',
          invoke: {
            src: 'saveFavourite',
            input: ({ event }): FavouriteChange =>
              event.type === 'FAVOURITE.ADD' ? { op: 'add', id: event.id } : event.type === 'FAVOURITE.DELETE' ? { op: 'delete', id: event.id } : { op: 'clear' },
            onDone: { target: 'idle', actions: { type: 'keepFavourites', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: 'keepServerMessage' },
          },
        },
        savingDefault: {
          tags: ['saving'],
          entry: 'clearServerMessage',
          invoke: {
            src: 'saveDefault',
            input: ({ event }): DefaultChange => (event.type === 'DEFAULT.SET' ? { op: 'set', id: event.id } : { op: 'unset' }),
            onDone: { target: 'idle', actions: { type: 'keepDefault', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: 'keepServerMessage' },
          },
        },
      },
    },
  },
});
