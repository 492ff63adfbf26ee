import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_USER_AREAS, areaMoveTarget, moveArea, type UserArea, type WorkbenchAreaCode } from '../shared/workbench-areas';
import { messageOf } from './message-of';

/**
 * The home page's areas for the user (docs/workbench.md, "Areas"): which dashboards it shows,
 * in what order. The system area settings say which areas are offered; the user orders and
 * hides them here.
 *
 * - `loading`: the user's areas are asked for (`loadAreas`); meanwhile nothing is laid out.
 * - `ready`: the areas as the server answered.
 * - `fallback`: the load failed; every area the build has is shown, and nothing is said (as a
 *   form's section order falls back, widgets §8): the home page still works.
 * - `editing`: the customise popover is open on a draft: areas moved up and down, shown or
 *   hidden. Cancel drops the draft.
 * - `saving`: `saveAreas({areas})`; done: the server's answer is the layout and `announceSaved`
 *   says so; refused (an area the system stopped offering meanwhile): back to `editing` with the
 *   server's msg and the draft kept.
 * - `resetting`: `resetAreas()`: the system's areas as it offers them; refused: as saving.
 */
export interface WorkbenchLayoutContext {
  /** The areas as the home page lays them out, outside editing. */
  areas: UserArea[];
  /** The popover's copy while editing, saving and resetting. */
  draft: UserArea[];
  /** The server's msg of the last refused save or reset; cleared by the next change. */
  error: string | null;
  /** The user's areas were read (false: the load failed and the build's areas are shown). */
  loaded: boolean;
}

export type WorkbenchLayoutEvent =
  | { type: 'AREAS.OPEN' }
  | { type: 'AREAS.CANCEL' }
  | { type: 'AREAS.SAVE' }
  | { type: 'AREAS.RESET' }
  | { type: 'AREAS.MOVE'; areaCode: WorkbenchAreaCode; by: -1 | 1 }
  | { type: 'AREAS.SHOW'; areaCode: WorkbenchAreaCode; shown: boolean };

const outputOf = (event: unknown) => (event as { output: UserArea[] }).output;

export const workbenchLayoutMachine = setup({
  types: { context: {} as WorkbenchLayoutContext, events: {} as WorkbenchLayoutEvent },
  actors: {
    loadAreas: fromPromise<UserArea[]>(async () => {
      throw new Error('loadAreas not provided');
    }),
    saveAreas: fromPromise<UserArea[], { areas: UserArea[] }>(async () => {
      throw new Error('saveAreas not provided');
    }),
    resetAreas: fromPromise<UserArea[]>(async () => {
      throw new Error('resetAreas not provided');
    }),
  },
  guards: {
    /** The load failed: the build's areas are what is shown (back there after a cancel). */
    isFallback: ({ context }) => !context.loaded,
    /** The area has a neighbour in that direction. */
    canMove: ({ context, event }) => event.type === 'AREAS.MOVE' && areaMoveTarget(context.draft, event.areaCode, event.by) !== -1,
  },
  actions: {
    applyLoaded: assign({ areas: ({ event }) => outputOf(event), loaded: true }),
    applyDefaults: assign({ areas: () => DEFAULT_USER_AREAS.map((a) => ({ ...a })), loaded: false }),
    openDraft: assign(({ context }) => ({ draft: context.areas.map((a) => ({ ...a })), error: null })),
    dropDraft: assign({ draft: [], error: null }),
    moveInDraft: assign(({ context, event }) => ({ draft: event.type === 'AREAS.MOVE' ? moveArea(context.draft, event.areaCode, event.by) : context.draft, error: null })),
    showInDraft: assign(({ context, event }) => ({
      draft: event.type === 'AREAS.SHOW' ? context.draft.map((a) => (a.areaCode === event.areaCode ? { ...a, shown: event.shown } : a)) : context.draft,
      error: null,
    })),
    /** The server's answer to a save or a reset is the layout from now on. */
    applySaved: assign(({ event }) => ({ areas: outputOf(event), draft: [], error: null, loaded: true })),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    /** The success text (widgets §8); provided by the view (a toast). */
    announceSaved: () => undefined,
  },
}).createMachine({
  id: 'workbenchLayout',
  context: { areas: [], draft: [], error: null, loaded: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadAreas',
        onDone: { target: 'ready', actions: 'applyLoaded' },
        onError: { target: 'fallback', actions: 'applyDefaults' },
      },
    },
    ready: {
      on: { 'AREAS.OPEN': { target: 'editing', actions: 'openDraft' } },
    },
    fallback: {
      on: { 'AREAS.OPEN': { target: 'editing', actions: 'openDraft' } },
    },
    editing: {
      on: {
        'AREAS.MOVE': { guard: 'canMove', actions: 'moveInDraft' },
        'AREAS.SHOW': { actions: 'showInDraft' },
        'AREAS.SAVE': { target: 'saving' },
        'AREAS.RESET': { target: 'resetting' },
        'AREAS.CANCEL': [
          { guard: 'isFallback', target: 'fallback', actions: 'dropDraft' },
          { target: 'ready', actions: 'dropDraft' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveAreas',
        input: ({ context }) => ({ areas: context.draft }),
        onDone: { target: 'ready', actions: ['applySaved', 'announceSaved'] },
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        src: 'resetAreas',
        onDone: { target: 'ready', actions: ['applySaved', 'announceSaved'] },
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
  },
});
