import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './message-of';

/**
 * A checker's decision under an approval form (widgets §4; docs/approvals.md): the opinion as
 * typed, then pass, return or refuse, sent and answered before the dialog closes. A refused
 * decision (the record changed meanwhile, a comment too long, the network) stays in the panel
 * with the server's message and the opinion as typed, so that nothing written is lost; the
 * decision's files stay in their uploader beside it.
 *
 * The call is injected: `sendReview({ decision, comment })` (the view adds the fields the
 * approval config opened and the decision's files, and sends the resource's review call).
 * `announceDecided` is provided by the view: the dialog closes and the list reloads.
 */
export type ReviewDecision = 'pass' | 'refuse' | 'back';

export interface ReviewDecisionContext {
  comment: string;
  /** The decision being sent or last sent. */
  decision: ReviewDecision | null;
  /** The last refusal's message. */
  error: string | null;
}

export type ReviewDecisionEvent = { type: 'COMMENT.CHANGE'; value: string } | { type: 'REVIEW.DECIDE'; decision: ReviewDecision };

export const reviewDecisionMachine = setup({
  types: { context: {} as ReviewDecisionContext, events: {} as ReviewDecisionEvent },
  actors: {
    sendReview: fromPromise<unknown, { decision: ReviewDecision; comment: string }>(async () => {
      throw new Error('sendReview not provided');
    }),
  },
  actions: {
    setComment: assign({ comment: ({ event }) => (event as { value: string }).value }),
    setDecision: assign({ decision: ({ event }) => (event as { decision: ReviewDecision }).decision, error: null }),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    /** Tells the page the decision was taken (the view provides it: close, reload the list). */
    announceDecided: () => {},
  },
}).createMachine({
  id: 'reviewDecision',
  context: { comment: '', decision: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'COMMENT.CHANGE': { actions: 'setComment' },
        'REVIEW.DECIDE': { target: 'sending', actions: 'setDecision' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'sendReview',
        input: ({ context }) => ({ decision: context.decision!, comment: context.comment.trim() }),
        onDone: { target: 'decided', actions: 'announceDecided' },
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
    decided: { type: 'final' },
  },
});
