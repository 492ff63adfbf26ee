import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './message-of';

/**
 * The operation guide of one function (widgets §2 "Operation-guide dialog", §4 "Operation guide
 * states" and "Operation-guide hint"; docs/operation-guide.md). Two regions side by side:
 *
 * - `guide`: closed, or open. Open, its content is read (`loading`, `loadFailed`), then shown
 *   read-only; a help editor (staff type 1, `canEdit`) switches to `editing`, and a save
 *   (`saving`) or a cancel brings it back to read-only. While editing or saving, DIALOG.CLOSE is
 *   not taken: a click outside (or Escape) cannot throw the edit away. The dialog's size is its
 *   own region (`normal`, `fullScreen`), so full screen survives switching to editing and back.
 * - `hint`: the hint next to the help icon, shown until the user says never again
 *   (`rememberHintDismissed`, provided: stored locally); closing it only hides it on this visit.
 *
 * The calls are injected: `loadGuide({ funcId }) → Guide` and `saveGuide(SaveGuide) → Guide`.
 */
export interface Guide {
  /** null: nobody wrote this function's guide yet. */
  id: number | null;
  funcId: number;
  /** Sanitised HTML, as the server keeps it ('' when empty). */
  descriptionContent: string;
  /** The version the save must name (0 when none is stored yet). */
  version: number;
}

export interface SaveGuide {
  id: number | null;
  funcId: number;
  descriptionContent: string;
  version: number;
}

export interface OperationGuideInput {
  funcId: number;
  /** Staff type 1 (widgets §6); the server refuses anyone else's save too. */
  canEdit: boolean;
  /** The user chose never to see the hint again (read from local storage). */
  hintDismissed: boolean;
}

export interface OperationGuideContext extends OperationGuideInput {
  guide: Guide | null;
  /** The HTML being edited. */
  draft: string;
  /** Why loading or saving failed, for the dialog. */
  error: string | null;
}

export type OperationGuideEvent =
  | { type: 'GUIDE.OPEN' }
  | { type: 'DIALOG.CLOSE' }
  | { type: 'LOAD.RETRY' }
  | { type: 'EDIT.START' }
  | { type: 'CONTENT.CHANGE'; html: string }
  | { type: 'EDIT.CANCEL' }
  | { type: 'EDIT.SAVE' }
  | { type: 'FULLSCREEN.TOGGLE' }
  | { type: 'HINT.CLOSE' }
  | { type: 'HINT.NEVER' };

export const operationGuideMachine = setup({
  types: { context: {} as OperationGuideContext, events: {} as OperationGuideEvent, input: {} as OperationGuideInput },
  actors: {
    loadGuide: fromPromise<Guide, { funcId: number }>(async () => {
      throw new Error('loadGuide not provided');
    }),
    saveGuide: fromPromise<Guide, SaveGuide>(async () => {
      throw new Error('saveGuide not provided');
    }),
  },
  guards: {
    canEdit: ({ context }) => context.canEdit,
    hintDismissedBefore: ({ context }) => context.hintDismissed,
  },
  actions: {
    clearGuide: assign({ guide: null, draft: '', error: null }),
    keepGuide: assign((_, guide: Guide) => ({ guide, draft: guide.descriptionContent, error: null })),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
    beginDraft: assign({ draft: ({ context }) => context.guide?.descriptionContent ?? '', error: null }),
    setDraft: assign({ draft: ({ context, event }) => (event.type === 'CONTENT.CHANGE' ? event.html : context.draft) }),
    dropDraft: assign({ draft: ({ context }) => context.guide?.descriptionContent ?? '', error: null }),
    /** Keeps "never remind me" on this computer (widget state `guideHint:<funcId>`): provided by the view. */
    rememberHintDismissed: (_, _funcId: number) => {},
    /** Widgets §8: a generic success message (provided by the view). */
    notifySaved: () => {},
    /** Widgets §8: a generic error message (provided by the view). */
    notifySaveFailed: () => {},
  },
}).createMachine({
  id: 'operationGuide',
  type: 'parallel',
  context: ({ input }) => ({ ...input, guide: null, draft: '', error: null }),
  states: {
    guide: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'GUIDE.OPEN': { target: 'open', actions: 'clearGuide' } },
        },
        open: {
          type: 'parallel',
          states: {
            content: {
              initial: 'loading',
              states: {
                loading: {
                  tags: ['busy'],
                  invoke: {
                    src: 'loadGuide',
                    input: ({ context }) => ({ funcId: context.funcId }),
                    onDone: { target: 'readOnly', actions: { type: 'keepGuide', params: ({ event }) => event.output } },
                    onError: { target: 'loadFailed', actions: 'keepError' },
                  },
                  on: { 'DIALOG.CLOSE': '#operationGuide.guide.closed' },
                },
                loadFailed: {
                  on: {
                    'LOAD.RETRY': { target: 'loading', actions: 'clearError' },
                    'DIALOG.CLOSE': '#operationGuide.guide.closed',
                  },
                },
                readOnly: {
                  on: {
                    'EDIT.START': { guard: 'canEdit', target: 'editing', actions: 'beginDraft' },
                    'DIALOG.CLOSE': '#operationGuide.guide.closed',
                  },
                },
                // No DIALOG.CLOSE here: while editing, only cancel or save leave.
                editing: {
                  tags: ['editing'],
                  on: {
                    'CONTENT.CHANGE': { actions: 'setDraft' },
                    'EDIT.CANCEL': { target: 'readOnly', actions: 'dropDraft' },
                    'EDIT.SAVE': 'saving',
                  },
                },
                saving: {
                  tags: ['editing', 'busy'],
                  invoke: {
                    src: 'saveGuide',
                    input: ({ context }) => ({
                      id: context.guide?.id ?? null,
                      funcId: context.funcId,
                      descriptionContent: context.draft,
                      version: context.guide?.version ?? 0,
                    }),
                    onDone: { target: 'readOnly', actions: [{ type: 'keepGuide', params: ({ event }) => event.output }, 'notifySaved'] },
                    onError: { target: 'editing', actions: ['keepError', 'notifySaveFailed'] },
                  },
                },
              },
            },
            size: {
              initial: 'normal',
              states: {
                normal: { on: { 'FULLSCREEN.TOGGLE': 'fullScreen' } },
                fullScreen: { on: { 'FULLSCREEN.TOGGLE': 'normal' } },
              },
            },
          },
        },
      },
    },
    hint: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'hintDismissedBefore', target: 'dismissed' }, { target: 'showing' }],
        },
        showing: {
          on: {
            'HINT.CLOSE': 'hidden',
            // Reading the guide is what the hint asked for: it steps aside for this visit.
            'GUIDE.OPEN': 'hidden',
            'HINT.NEVER': { target: 'dismissed', actions: { type: 'rememberHintDismissed', params: ({ context }) => context.funcId } },
          },
        },
        /** Closed for this visit: back the next time the page's header is made. */
        hidden: {},
        dismissed: {},
      },
    },
  },
});
