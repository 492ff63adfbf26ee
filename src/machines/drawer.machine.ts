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
          actions: [
            assign({
              open: ({ context, event }) => [...context.open.filter((n) => n !== event.name), event.name],
              url: ({ context, event }) => (event.url !== undefined ? event.url : context.url),
            }),
            { type: 'replaceRoute', params: ({ context }) => context },
          ],
        },
        'DRAWER.CLOSE': {
          actions: [
            assign(({ context, event }) => {
              const name = event.name ?? context.open[context.open.length - 1];
              const open = context.open.filter((n) => n !== name);
              return { open, url: open.length === 0 ? null : context.url };
            }),
            { type: 'replaceRoute', params: ({ context }) => context },
          ],
        },
        'DRAWER.CLOSE_ALL': {
          actions: [assign({ open: [], url: null }), { type: 'replaceRoute', params: ({ context }) => context }],
        },
        'ROUTE.CHANGE': [
          {
            guard: and(['pathChanged', 'routeHadDrawers']),
            actions: [
              assign({ path: ({ event }) => event.path, open: [], url: null }),
              // The hash router keeps the old query on a new path: strip it.
              { type: 'replaceRoute', params: ({ event }) => ({ path: event.path, open: [], url: null }) },
            ],
          },
          { guard: 'pathChanged', actions: assign({ path: ({ event }) => event.path, open: [], url: null }) },
          { actions: assign({ open: ({ event }) => event.open, url: ({ event }) => event.url }) },
        ],
      },
    },
  },
});
