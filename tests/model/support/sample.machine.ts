import { assign, fromPromise, setup } from 'xstate';

/**
 * A small machine with every construct the tools must handle: nested and parallel states,
 * `always`, guards, a numeric and a named delay, an invoked actor, a self-transition and a
 * targetless one. The harness and the diagram generator are tested on it; it lives outside
 * src/machines so it is not part of the product's coverage count.
 */
export const sampleMachine = setup({
  types: {
    context: {} as { count: number; token: string | null },
    events: {} as { type: 'ITEM.ADD' } | { type: 'FORM.SUBMIT' } | { type: 'PANEL.TOGGLE' } | { type: 'FORM.RESET' },
  },
  actors: { saveDraft: fromPromise<string, { count: number }>(async () => 'not provided') },
  guards: { hasItems: ({ context }) => context.count > 0, isFull: ({ context }) => context.count >= 2 },
  delays: { debounce: 500 },
  actions: { addItem: assign({ count: ({ context }) => context.count + 1 }), keepToken: assign({ token: (_, token: string) => token }) },
}).createMachine({
  id: 'sample',
  context: { count: 0, token: null },
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      states: {
        form: {
          initial: 'clean',
          states: {
            clean: { on: { 'ITEM.ADD': { target: 'dirty', actions: 'addItem' } } },
            dirty: {
              always: { guard: 'isFull', target: '#sample.full' },
              on: { 'ITEM.ADD': { actions: 'addItem' }, 'FORM.RESET': { target: 'dirty', reenter: true } },
              after: { debounce: 'autosaved' },
            },
            autosaved: { on: { 'ITEM.ADD': { target: 'dirty', actions: 'addItem' } } },
          },
        },
        panel: {
          initial: 'closed',
          states: {
            closed: { on: { 'PANEL.TOGGLE': 'open' } },
            open: { on: { 'PANEL.TOGGLE': 'closed' }, after: { 3000: 'closed' } },
          },
        },
      },
      on: { 'FORM.SUBMIT': [{ guard: 'hasItems', target: 'saving' }] },
    },
    full: { always: 'saving' },
    saving: {
      invoke: {
        src: 'saveDraft',
        input: ({ context }) => ({ count: context.count }),
        onDone: { target: 'saved', actions: { type: 'keepToken', params: ({ event }) => event.output } },
        onError: 'editing',
      },
    },
    saved: { type: 'final' },
  },
});
