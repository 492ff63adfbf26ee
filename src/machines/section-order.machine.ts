import { assign, fromPromise, setup } from 'xstate';
import type { SectionEntry } from '../shared/contract/section-order';
import { mergeSections, moveSection, resetSections, sectionMoveTarget, setSectionExist, type SectionState } from '../shared/section-order';
import { messageOf } from './message-of';

/**
 * An edit form's section order for one user and page (widgets §2 "Edit form", §3 "Saved section
 * or form order", §5 "Custom order", §8; issue 11 point 1): the order is the user's; whether a
 * section exists is the administrators' (userType 1), for everyone (DECISIONS).
 *
 * - `loading`: the saved order and the page's hidden sections are asked for
 *   (`loadOrder({code})`); meanwhile the form lays out the defaults.
 * - `ready`: the saved order is applied when it still names exactly the form's sections
 *   (`mergeSections`, widgets §5), otherwise the defaults; hidden sections are left out.
 * - `fallback`: the load failed; the defaults are used and nothing is said (widgets §8).
 * - `editing`: the popover is open on a draft: the order tab moves sections up and down (a
 *   staff member's list leaves out the hidden ones, which keep their places), the hidden tab
 *   (administrators only) ticks sections hidden for everyone; reset brings back the default
 *   order. Cancel drops the draft.
 * - `saving`: `saveOrder({code, collapseItemsOrder})`; done: the draft is the form's order and
 *   `announceSaved` says so (the success text); refused: back to `editing` with the server's
 *   msg and the user's edit kept (widgets §8).
 */
export interface SectionOrderInput {
  code: string;
  /** The form's section names in definition order. */
  defaults: readonly string[];
  /** userType 1: may hide sections for everyone. */
  isAdmin: boolean;
}

export interface SectionOrderContext {
  code: string;
  admin: boolean;
  defaults: string[];
  /** The sections as the form lays them out outside editing. */
  sections: SectionState[];
  /** The popover's copy while editing and saving. */
  draft: SectionState[];
  /** The server's msg of the last refused save; cleared by the next change. */
  error: string | null;
  /** The saved order was read (false: the load failed and the defaults are shown). */
  loaded: boolean;
}

/** What `sectionOrder.load` answers (loosely typed: the server's word, checked by mergeSections). */
export interface LoadedSectionOrder {
  customOrder: Array<{ name: string; exist?: boolean }> | null;
  hiddenParams?: string[];
}

export interface SaveSectionOrderInput {
  code: string;
  collapseItemsOrder: SectionEntry[];
}

export type SectionOrderEvent =
  | { type: 'SECTIONS.OPEN' }
  | { type: 'SECTIONS.CANCEL' }
  | { type: 'SECTIONS.SAVE' }
  | { type: 'SECTIONS.RESET' }
  | { type: 'SECTIONS.MOVE'; name: string; by: -1 | 1 }
  | { type: 'SECTIONS.EXIST'; name: string; exist: boolean };

/** A staff member's list leaves out the sections hidden for everyone; an administrator's shows them all. */
export const listedFor = (admin: boolean) => (s: SectionState) => admin || s.exist;
/** What the save sends: every section, in order, with the page's flag. */
export const toEntries = (sections: readonly SectionState[]): SectionEntry[] => sections.map(({ name, exist }) => ({ name, exist }));

export const sectionOrderMachine = setup({
  types: { context: {} as SectionOrderContext, events: {} as SectionOrderEvent, input: {} as SectionOrderInput },
  actors: {
    loadOrder: fromPromise<LoadedSectionOrder, { code: string }>(async () => {
      throw new Error('loadOrder not provided');
    }),
    saveOrder: fromPromise<unknown, SaveSectionOrderInput>(async () => {
      throw new Error('saveOrder not provided');
    }),
  },
  guards: {
    /** The load failed: the defaults are what is shown (back there after a cancel). */
    isFallback: ({ context }) => !context.loaded,
    isAdmin: ({ context }) => context.admin,
    /** The section has a neighbour in that direction in the user's list. */
    canMove: ({ context, event }) => event.type === 'SECTIONS.MOVE' && sectionMoveTarget(context.draft, event.name, event.by, listedFor(context.admin)) !== -1,
  },
  actions: {
    applyLoaded: assign(({ context, event }) => {
      const loaded = (event as unknown as { output: LoadedSectionOrder | null }).output;
      const hidden = Array.isArray(loaded?.hiddenParams) ? loaded.hiddenParams : [];
      return { sections: mergeSections(context.defaults, Array.isArray(loaded?.customOrder) ? loaded.customOrder : null, hidden), loaded: true };
    }),
    openDraft: assign(({ context }) => ({ draft: context.sections.map((s) => ({ ...s })), error: null })),
    dropDraft: assign({ draft: [], error: null }),
    moveInDraft: assign(({ context, event }) => ({ draft: event.type === 'SECTIONS.MOVE' ? moveSection(context.draft, event.name, event.by, listedFor(context.admin)) : context.draft, error: null })),
    existInDraft: assign(({ context, event }) => ({ draft: event.type === 'SECTIONS.EXIST' ? setSectionExist(context.draft, event.name, event.exist) : context.draft, error: null })),
    resetDraft: assign(({ context }) => ({ draft: resetSections(context.defaults, context.draft), error: null })),
    /** The draft was saved: it is the form's order from now on. */
    applyDraft: assign(({ context }) => ({ sections: context.draft, draft: [], error: null, loaded: true })),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    /** The success text (widgets §8); provided by the view (a toast). */
    announceSaved: () => undefined,
  },
}).createMachine({
  id: 'sectionOrder',
  context: ({ input }) => {
    const defaults = [...input.defaults];
    return { code: input.code, admin: input.isAdmin, defaults, sections: mergeSections(defaults, null), draft: [], error: null, loaded: false };
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadOrder',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'ready', actions: 'applyLoaded' },
        // Widgets §8: a failed load falls back to the defaults without a word.
        onError: { target: 'fallback' },
      },
    },
    ready: {
      on: { 'SECTIONS.OPEN': { target: 'editing', actions: 'openDraft' } },
    },
    fallback: {
      on: { 'SECTIONS.OPEN': { target: 'editing', actions: 'openDraft' } },
    },
    editing: {
      on: {
        'SECTIONS.MOVE': { guard: 'canMove', actions: 'moveInDraft' },
        'SECTIONS.EXIST': { guard: 'isAdmin', actions: 'existInDraft' },
        'SECTIONS.RESET': { actions: 'resetDraft' },
        'SECTIONS.SAVE': { target: 'saving' },
        'SECTIONS.CANCEL': [
          { guard: 'isFallback', target: 'fallback', actions: 'dropDraft' },
          { target: 'ready', actions: 'dropDraft' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveOrder',
        input: ({ context }) => ({ code: context.code, collapseItemsOrder: toEntries(context.draft) }),
        onDone: { target: 'ready', actions: ['applyDraft', 'announceSaved'] },
        // Widgets §8: the server's msg shows; the edit stays in the popover.
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
  },
});
