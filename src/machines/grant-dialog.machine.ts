import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './message-of';

/**
 * A dialog that edits a set of ids granted to one record (issue 10 point 3): a user's duty
 * stations, a duty's functions (the function tree). It reads what may be chosen and what is
 * chosen now, lets the user change the choice, saves it, and closes telling the page
 * (`announceSaved`, provided by the view). Nothing changed closes without a call. A failed read
 * offers a retry; a refused save stays in the dialog with the server's message and the choice.
 *
 * The calls are injected: `loadGrants() → { items, selected }` and
 * `saveGrants({ selected }) → unknown`.
 */
export interface GrantsAnswer<Item = unknown> {
  items: Item[];
  selected: number[];
}

export interface GrantDialogContext {
  items: unknown[];
  /** The choice as read, to tell whether anything changed. */
  initial: number[];
  selected: number[];
  error: string | null;
}

export type GrantDialogEvent =
  | { type: 'DIALOG.OPEN' }
  | { type: 'DIALOG.CLOSE' }
  | { type: 'LOAD.RETRY' }
  | { type: 'SELECTION.TOGGLE'; id: number }
  | { type: 'SELECTION.SET'; ids: number[] }
  | { type: 'FORM.SUBMIT' };

const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

export const grantDialogMachine = setup({
  types: { context: {} as GrantDialogContext, events: {} as GrantDialogEvent },
  actors: {
    loadGrants: fromPromise<GrantsAnswer, void>(async () => {
      throw new Error('loadGrants not provided');
    }),
    saveGrants: fromPromise<unknown, { selected: number[] }>(async () => {
      throw new Error('saveGrants not provided');
    }),
  },
  guards: {
    isChanged: ({ context }) => context.selected.join(',') !== context.initial.join(','),
  },
  actions: {
    reset: assign({ items: [], initial: [], selected: [], error: null }),
    keepGrants: assign((_, answer: GrantsAnswer) => ({ items: answer.items, initial: sorted(answer.selected), selected: sorted(answer.selected), error: null })),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    toggle: assign({
      selected: ({ context, event }) => {
        const { id } = event as { id: number };
        return context.selected.includes(id) ? context.selected.filter((s) => s !== id) : sorted([...context.selected, id]);
      },
      error: null,
    }),
    setSelection: assign({ selected: ({ event }) => sorted((event as { ids: number[] }).ids), error: null }),
    /** Tells the page the grants changed (the view provides it). */
    announceSaved: () => {},
  },
}).createMachine({
  id: 'grantDialog',
  context: { items: [], initial: [], selected: [], error: null },
  initial: 'closed',
  states: {
    closed: { on: { 'DIALOG.OPEN': { target: 'loading', actions: 'reset' } } },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadGrants',
        onDone: { target: 'editing', actions: { type: 'keepGrants', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'keepError' },
      },
      on: { 'DIALOG.CLOSE': 'closed' },
    },
    loadFailed: {
      on: {
        'LOAD.RETRY': 'loading',
        'DIALOG.CLOSE': 'closed',
      },
    },
    editing: {
      on: {
        'SELECTION.TOGGLE': { actions: 'toggle' },
        'SELECTION.SET': { actions: 'setSelection' },
        'FORM.SUBMIT': [{ guard: 'isChanged', target: 'saving' }, { target: 'closed' }],
        'DIALOG.CLOSE': 'closed',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveGrants',
        input: ({ context }) => ({ selected: context.selected }),
        onDone: { target: 'closed', actions: 'announceSaved' },
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
  },
});
