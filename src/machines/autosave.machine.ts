import { assign, fromPromise, setup } from 'xstate';
import { AUTOSAVE_INTERVAL_MS, AUTOSAVE_NOTICE_TICK } from '../shared/constants';

/**
 * Autosave drafts of an edit form (widgets §4 "Autosave draft", issue 11 point 4).
 *
 * - On in add mode unless the form disables it, and in edit mode when the form enables it;
 *   otherwise the machine is `off` at once (view and approval never autosave).
 * - On open the injected actor `loadDraft` answers the stored draft or null. A draft found is
 *   restored at once (injected `applyDraft`) with a notice (`restored`): 'DRAFT.DISCARD' removes
 *   it (injected `clearDraft`) and puts back the values the form opened with; 'DRAFT.DISMISS'
 *   or typing keeps it. A draft written against an older version of the record than the server
 *   now holds (`draft.version < recordVersion`) is never applied on its own: it is a `conflict`,
 *   the view shows both sides, and 'DRAFT.RESTORE' (take the draft) or 'DRAFT.DISCARD' (keep
 *   the server's) decides. No tick runs while a notice is open, so the stored draft is not
 *   overwritten before the user has decided (typing in `restored` decides: keep).
 * - The form reports its values with 'FORM.CHANGED'. Until the first change (`pristine`) there is
 *   no timer and nothing is stored: an untouched form leaves no draft. From then on, every
 *   AUTOSAVE_INTERVAL_MS (`autosaveInterval` delay) is a tick; a tick stores the values
 *   (injected `storeDraft`, with the record version they were written against) only when they
 *   changed since the last store. Every tick counts; from the AUTOSAVE_NOTICE_TICK-th on the
 *   state is `autoSaved` and the view shows "auto-saved".
 * - Sensitive fields (the definition's `sensitive`) never reach `storeDraft` (`stripSensitive`).
 * - 'AUTOSAVE.STOP' (sent by the save-or-submit flow on success) ends it (`stopped`).
 *
 * The machine never touches storage: the caller's actions store, apply and clear drafts
 * (src/services/draft.ts keys them by component code and user).
 */
export type AutosaveFormMode = 'add' | 'edit' | 'view' | 'approval';
export type DraftValues = Record<string, unknown>;

export interface StoredDraft {
  values: DraftValues;
  /** The record's version the draft was written against; null for a new record. */
  version: number | null;
  /** When it was stored (epoch ms), for the notice; absent in a draft about to be stored. */
  savedAt?: number;
}

export interface AutosaveInput {
  mode: AutosaveFormMode;
  /** Add mode: this form turns autosave off. */
  disabled?: boolean;
  /** Edit mode: this form turns autosave on. */
  enabled?: boolean;
  /** The record's version on the server now (edit); null when adding. */
  recordVersion: number | null;
  /** The form's values as it opens (the server's values when editing). */
  values: DraftValues;
  /** Fields never stored in a draft (the resource definition's `sensitive` fields). */
  sensitive: readonly string[];
}

export interface AutosaveContext extends AutosaveInput {
  /** The form's current values, as its last 'FORM.CHANGED' said. */
  values: DraftValues;
  /** The values the form opened with: the server's side of a conflict. */
  serverValues: DraftValues;
  /** The draft found on open, while it is offered. */
  draft: StoredDraft | null;
  /** Changed since the last store. */
  dirty: boolean;
  ticks: number;
}

export type AutosaveEvent =
  | { type: 'FORM.CHANGED'; values: DraftValues }
  | { type: 'DRAFT.RESTORE' }
  | { type: 'DRAFT.DISCARD' }
  | { type: 'DRAFT.DISMISS' }
  | { type: 'AUTOSAVE.STOP' };

/** Whether the form autosaves at all (widgets §4): add unless disabled, edit when enabled. */
export function autosaveActive(input: Pick<AutosaveInput, 'mode' | 'disabled' | 'enabled'>): boolean {
  if (input.mode === 'add') return !input.disabled;
  if (input.mode === 'edit') return !!input.enabled;
  return false;
}

/** The values without the fields that never go into a draft. */
export function stripSensitive(values: DraftValues, sensitive: readonly string[]): DraftValues {
  const left = new Set(sensitive);
  return Object.fromEntries(Object.entries(values).filter(([field]) => !left.has(field)));
}

/** A draft written against an older version of the record than the server now holds. */
export function isStaleDraft(draft: StoredDraft, recordVersion: number | null): boolean {
  return recordVersion !== null && draft.version !== null && draft.version !== undefined && draft.version < recordVersion;
}

/** The fields whose draft value differs from the server's (the rows a conflict highlights). */
export function changedFields(draft: DraftValues, server: DraftValues): string[] {
  return Object.keys(draft).filter((field) => JSON.stringify(draft[field]) !== JSON.stringify(server[field]));
}

export const autosaveMachine = setup({
  types: { context: {} as AutosaveContext, events: {} as AutosaveEvent, input: {} as AutosaveInput },
  actors: {
    loadDraft: fromPromise<StoredDraft | null, Record<string, never>>(async () => {
      throw new Error('loadDraft not provided');
    }),
  },
  delays: { autosaveInterval: AUTOSAVE_INTERVAL_MS },
  guards: {
    isActive: ({ context }) => autosaveActive(context),
    isStale: ({ context }, draft: StoredDraft | null) => !!draft && isStaleDraft(draft, context.recordVersion),
    isFound: (_, draft: StoredDraft | null) => !!draft,
    isDirty: ({ context }) => context.dirty,
    noticeDue: ({ context }) => context.ticks >= AUTOSAVE_NOTICE_TICK,
  },
  actions: {
    keepValues: assign(({ event }) => (event.type === 'FORM.CHANGED' ? { values: event.values, dirty: true } : {})),
    keepDraft: assign((_, draft: StoredDraft | null) => ({ draft })),
    /** A draft restored on open: the form holds its values; the draft stays for the notice. */
    takeRestored: assign(({ context }) => ({ values: { ...context.values, ...(context.draft?.values ?? {}) }, dirty: true })),
    /** The restored values are the form's now; the next tick stores them against the current version. */
    takeDraft: assign(({ context }) => ({ values: { ...context.values, ...(context.draft?.values ?? {}) }, draft: null, dirty: true })),
    forgetDraft: assign({ draft: null }),
    /** Discarding a restored draft: the form is back to what it opened with, and nothing is owed to storage. */
    revertValues: assign(({ context }) => ({ values: context.serverValues, draft: null, dirty: false })),
    markStored: assign({ dirty: false }),
    countTick: assign({ ticks: ({ context }) => context.ticks + 1 }),
    /** Injected: store the draft (under the form's component code and the user). */
    storeDraft: (_, _draft: StoredDraft) => {},
    /** Injected: hand the draft's values to the form. */
    applyDraft: (_, _values: { values: DraftValues }) => {},
    /** Injected: remove the stored draft. */
    clearDraft: () => {},
  },
}).createMachine({
  id: 'autosave',
  context: ({ input }) => ({ ...input, values: input.values, serverValues: input.values, draft: null, dirty: false, ticks: 0 }),
  initial: 'starting',
  on: {
    'FORM.CHANGED': { actions: 'keepValues' },
    'AUTOSAVE.STOP': { target: '.stopped' },
  },
  states: {
    starting: {
      always: [{ guard: 'isActive', target: 'loading' }, { target: 'off' }],
    },
    off: { type: 'final' },
    loading: {
      invoke: {
        src: 'loadDraft',
        input: () => ({}),
        onDone: [
          { guard: { type: 'isStale', params: ({ event }) => event.output }, target: 'conflict', actions: { type: 'keepDraft', params: ({ event }) => event.output } },
          {
            guard: { type: 'isFound', params: ({ event }) => event.output },
            target: 'restored',
            actions: [{ type: 'keepDraft', params: ({ event }) => event.output }, { type: 'applyDraft', params: ({ event }) => ({ values: event.output!.values }) }, 'takeRestored'],
          },
          { target: 'watching' },
        ],
        // An unreadable draft does not stop the form from being autosaved.
        onError: { target: 'watching' },
      },
    },
    restored: {
      tags: ['draftNotice'],
      on: {
        'DRAFT.DISCARD': { target: 'watching', actions: ['clearDraft', { type: 'applyDraft', params: ({ context }) => ({ values: context.serverValues }) }, 'revertValues'] },
        'DRAFT.DISMISS': { target: 'watching', actions: 'forgetDraft' },
        'FORM.CHANGED': { target: 'watching', actions: ['keepValues', 'forgetDraft'] },
      },
    },
    conflict: {
      tags: ['draftNotice'],
      on: {
        'DRAFT.RESTORE': { target: 'watching', actions: [{ type: 'applyDraft', params: ({ context }) => ({ values: context.draft!.values }) }, 'takeDraft'] },
        'DRAFT.DISCARD': { target: 'watching', actions: ['clearDraft', 'forgetDraft'] },
      },
    },
    watching: {
      initial: 'pristine',
      states: {
        pristine: {
          always: { guard: 'isDirty', target: 'counting' },
        },
        counting: {
          always: { guard: 'noticeDue', target: 'autoSaved' },
          after: {
            autosaveInterval: [
              {
                guard: 'isDirty',
                target: 'counting',
                reenter: true,
                actions: [{ type: 'storeDraft', params: ({ context }) => ({ values: stripSensitive(context.values, context.sensitive), version: context.recordVersion }) }, 'markStored', 'countTick'],
              },
              { target: 'counting', reenter: true, actions: 'countTick' },
            ],
          },
        },
        autoSaved: {
          tags: ['autoSaved'],
          after: {
            autosaveInterval: [
              {
                guard: 'isDirty',
                target: 'autoSaved',
                reenter: true,
                actions: [{ type: 'storeDraft', params: ({ context }) => ({ values: stripSensitive(context.values, context.sensitive), version: context.recordVersion }) }, 'markStored', 'countTick'],
              },
              { target: 'autoSaved', reenter: true, actions: 'countTick' },
            ],
          },
        },
      },
    },
    stopped: { type: 'final' },
  },
});
