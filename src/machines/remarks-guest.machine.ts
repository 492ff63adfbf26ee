import { assign, fromPromise, setup } from 'xstate';
import { EMBEDDED_REMARK_MAX } from '../shared/constants';

/**
 * The demo guest page's remark (embedded-remarks.html; docs/embedded-pages.md): read for the
 * form code and record key, edited, and checked or stored when the edit form asks through the
 * guest SDK. The SDK's requests come as events carrying the reply the parent waits for: a check
 * answers at once, a save once the store answered. Read-only in view and approval modes (every
 * request passes). A remark that could not be read is never saved over: the parent is told so
 * until a retry reads it.
 */

/** What the parent is told is wrong: a message key (translated by the view), or the server's own text. */
export type RemarkProblem = { key: string; params?: Record<string, unknown> } | { text: string };
/** The parent's answer: null when the remark passes (or was stored). */
export type RemarkReply = (problem: RemarkProblem | null) => void;

export interface RemarksGuestContext {
  readOnly: boolean;
  remark: string;
  /** The problem the field shows, from the last check. */
  problem: RemarkProblem | null;
  /** The save request waiting for the store's answer. */
  pending: RemarkReply | null;
}

export type RemarksGuestEvent =
  | { type: 'REMARK.CHANGE'; remark: string }
  | { type: 'REMARK.RETRY' }
  | { type: 'PARENT.VALIDATE'; reply: RemarkReply }
  | { type: 'PARENT.SAVE'; reply: RemarkReply };

/** Required, at most EMBEDDED_REMARK_MAX characters (as the server's own check). */
export function remarkProblem(remark: string): RemarkProblem | null {
  if (!remark.trim()) return { key: 'embedded.remarks.required' };
  if ([...remark].length > EMBEDDED_REMARK_MAX) return { key: 'embedded.remarks.tooLong', params: { max: EMBEDDED_REMARK_MAX } };
  return null;
}

const NOT_READ: RemarkProblem = { key: 'embedded.remarks.notRead' };
const SAVING: RemarkProblem = { key: 'embedded.remarks.saving' };
const replyOf = (event: RemarksGuestEvent) => (event.type === 'PARENT.VALIDATE' || event.type === 'PARENT.SAVE' ? event.reply : () => undefined);

export const remarksGuestMachine = setup({
  types: { context: {} as RemarksGuestContext, events: {} as RemarksGuestEvent, input: {} as { readOnly: boolean } },
  actors: {
    loadRemark: fromPromise<string | null>(async () => {
      throw new Error('loadRemark not provided');
    }),
    saveRemark: fromPromise<void, { remark: string }>(async () => {
      throw new Error('saveRemark not provided');
    }),
  },
  guards: {
    isReadOnly: ({ context }) => context.readOnly,
    isRemarkWrong: ({ context }) => remarkProblem(context.remark) !== null,
  },
  actions: {
    keepRemark: assign({ remark: ({ context, event }) => (event.type === 'REMARK.CHANGE' ? event.remark : context.remark), problem: null }),
    keepReadRemark: assign({ remark: ({ event }) => (event as unknown as { output: string | null }).output ?? '' }),
    checkRemark: assign({ problem: ({ context }) => remarkProblem(context.remark) }),
    replyPass: ({ event }) => replyOf(event)(null),
    replyProblem: ({ context, event }) => replyOf(event)(context.problem),
    replyNotRead: ({ event }) => replyOf(event)(NOT_READ),
    replySaving: ({ event }) => replyOf(event)(SAVING),
    holdReply: assign(({ event }) => ({ pending: replyOf(event) })),
    replyStored: ({ context }) => context.pending?.(null),
    replyStoreFailed: ({ context, event }) => {
      const error = (event as unknown as { error: unknown }).error;
      context.pending?.({ text: error instanceof Error ? error.message : String(error) });
    },
    dropReply: assign({ pending: null }),
  },
}).createMachine({
  id: 'remarksGuest',
  context: ({ input }) => ({ readOnly: input.readOnly, remark: '', problem: null, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: { src: 'loadRemark', onDone: { target: 'editing', actions: 'keepReadRemark' }, onError: { target: 'failed' } },
      on: {
        'PARENT.VALIDATE': [{ guard: 'isReadOnly', actions: 'replyPass' }, { actions: 'replyNotRead' }],
        'PARENT.SAVE': [{ guard: 'isReadOnly', actions: 'replyPass' }, { actions: 'replyNotRead' }],
      },
    },
    editing: {
      on: {
        'REMARK.CHANGE': { actions: 'keepRemark' },
        'PARENT.VALIDATE': [{ guard: 'isReadOnly', actions: 'replyPass' }, { actions: ['checkRemark', 'replyProblem'] }],
        'PARENT.SAVE': [{ guard: 'isReadOnly', actions: 'replyPass' }, { guard: 'isRemarkWrong', actions: ['checkRemark', 'replyProblem'] }, { target: 'saving', actions: ['checkRemark', 'holdReply'] }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveRemark',
        input: ({ context }) => ({ remark: context.remark }),
        onDone: { target: 'editing', actions: ['replyStored', 'dropReply'] },
        onError: { target: 'editing', actions: ['replyStoreFailed', 'dropReply'] },
      },
      on: {
        'PARENT.VALIDATE': { actions: ['checkRemark', 'replyProblem'] },
        'PARENT.SAVE': { actions: 'replySaving' },
      },
    },
    failed: {
      on: {
        'REMARK.RETRY': 'loading',
        'PARENT.VALIDATE': [{ guard: 'isReadOnly', actions: 'replyPass' }, { actions: 'replyNotRead' }],
        'PARENT.SAVE': [{ guard: 'isReadOnly', actions: 'replyPass' }, { actions: 'replyNotRead' }],
      },
    },
  },
});
