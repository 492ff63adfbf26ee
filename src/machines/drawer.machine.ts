import { and, assign, setup } from 'xstate';

/**
 * The shell's side drawers (shell §2). The open drawers live in the route's query
 * (`?drawer=a,b&url=…`), so a drawer survives a reload and a link can open one. Opening or
 * closing replaces the route (the `replaceRoute` action, provided by the view: no history entry
 * per drawer); a change of route path closes them all.
 */
export interface DrawerContext {
  path: string;
  /** Open drawers, bottom first; the last one is on top. */
  open: string[];
  /** The address an iframe drawer shows, from the route's `url` parameter. */
  url: string | null;
}

export type DrawerEvent =
  | { type: 'DRAWER.OPEN'; name: string; url?: string }
  | { type: 'DRAWER.CLOSE'; name?: string }
  | { type: 'DRAWER.CLOSE_ALL' }
  | { type: 'ROUTE.CHANGE'; path: string; open: string[]; url: string | null };

export interface DrawerInput {
  path: string;
  open?: string[];
  url?: string | null;
}

export const drawerMachine = setup({
  types: { context: {} as DrawerContext, events: {} as DrawerEvent, input: {} as DrawerInput },
  actions: {
    /** Writes the open drawers into the current route, replacing it. */
    replaceRoute: (_, _params: { path: string; open: string[]; url: string | null }) => {},
    /** The drawer goes on top (out of its place lower down, if it was open already). */
    pushDrawer: assign({
      open: ({ context, event }) => (event.type === 'DRAWER.OPEN' ? [...context.open.filter((n) => n !== event.name), event.name] : context.open),
      url: ({ context, event }) => (event.type === 'DRAWER.OPEN' && event.url !== undefined ? event.url : context.url),
    }),
    /** The named drawer, or the top one, closes; the iframe address goes with the last. */
    popDrawer: assign(({ context, event }) => {
      const name = (event.type === 'DRAWER.CLOSE' ? event.name : undefined) ?? context.open[context.open.length - 1];
      const open = context.open.filter((n) => n !== name);
      return { open, url: open.length === 0 ? null : context.url };
    }),
    closeAll: assign({ open: [], url: null }),
    /** A new route path: no drawer follows the user there. */
    moveToPath: assign(({ context, event }) => ({ path: event.type === 'ROUTE.CHANGE' ? event.path : context.path, open: [], url: null })),
    /** The same path with another query (back/forward, a link): the route says which drawers are open. */
    followRoute: assign(({ context, event }) => (event.type === 'ROUTE.CHANGE' ? { open: event.open, url: event.url } : { open: context.open, url: context.url })),
  },
  guards: {
    pathChanged: ({ context, event }) => event.type === 'ROUTE.CHANGE' && event.path !== context.path,
    routeHadDrawers: ({ event }) => event.type === 'ROUTE.CHANGE' && (event.open.length > 0 || event.url !== null),
  },
}).createMachine({
  id: 'drawers',
  context: ({ input }) => ({ path: input.path, open: input.open ?? [], url: input.url ?? null }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'DRAWER.OPEN': {
          actions: ['pushDrawer', { type: 'replaceRoute', params: ({ context }) => context }],
        },
        'DRAWER.CLOSE': {
          actions: ['popDrawer', { type: 'replaceRoute', params: ({ context }) => context }],
        },
        'DRAWER.CLOSE_ALL': {
          actions: ['closeAll', { type: 'replaceRoute', params: ({ context }) => context }],
        },
        'ROUTE.CHANGE': [
          {
            guard: and(['pathChanged', 'routeHadDrawers']),
            actions: [
              'moveToPath',
              // The hash router keeps the old query on a new path: strip it.
              { type: 'replaceRoute', params: ({ event }) => ({ path: event.path, open: [], url: null }) },
            ],
          },
          { guard: 'pathChanged', actions: 'moveToPath' },
          { actions: 'followRoute' },
        ],
      },
    },
  },
});
