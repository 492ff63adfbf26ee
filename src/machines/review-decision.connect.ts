import type { SnapshotFrom } from 'xstate';
import type { ReviewDecision, ReviewDecisionEvent, reviewDecisionMachine } from './review-decision.machine';
import { busyButton, busyField } from './form.connect';

type Snapshot = SnapshotFrom<typeof reviewDecisionMachine>;

export type ReviewDecisionState = 'editing' | 'sending' | 'decided';

/**
 * The review panel's anatomy (Zag.js style): `root`, `comment` (the opinion), one `decision`
 * button per decision, each with `data-part` and `data-state`. While a decision is sent the
 * opinion is read-only and the buttons busy, not disabled, so the keyboard's focus stays on the
 * pressed one; the pressed one shows the spinner.
 */
export function connectReviewDecision(snapshot: Snapshot, send: (event: ReviewDecisionEvent) => void) {
  const state = snapshot.value as ReviewDecisionState;
  const busy = snapshot.hasTag('busy');
  const { comment, decision, error } = snapshot.context;
  return {
    state,
    busy,
    /** Why the last decision was refused, or null. */
    error,
    getRootProps: () => ({ 'data-part': 'review', 'data-state': state }),
    getCommentProps: () => ({
      'data-part': 'comment',
      'data-state': state,
      value: comment,
      ...busyField(busy),
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'COMMENT.CHANGE', value: e.currentTarget.value }),
    }),
    /** `blocked`: the form is not ready for a decision yet (its approval config loading). */
    getDecisionProps: (which: ReviewDecision, blocked = false) => ({
      'data-part': 'decision',
      'data-state': busy && decision === which ? 'sending' : state,
      'data-decision': which,
      busy: busy && decision === which,
      ...busyButton(busy || blocked || state === 'decided', () => send({ type: 'REVIEW.DECIDE', decision: which })),
    }),
  };
}

export type ReviewDecisionApi = ReturnType<typeof connectReviewDecision>;
