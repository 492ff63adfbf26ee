import { expect } from '@jest/globals';
import { reviewDecisionMachine } from '../../src/machines/review-decision.machine';
import { connectReviewDecision } from '../../src/machines/review-decision.connect';
import { describeModel } from './support/model';

const view = (s: unknown) => connectReviewDecision(s as never, () => undefined);
const STALE = '记录已被他人修改，请刷新后重试';

describeModel(reviewDecisionMachine, {
  events: {
    'COMMENT.CHANGE': [{ value: '  金额有误  ' }],
    'REVIEW.DECIDE': [{ decision: 'refuse' }],
  },
  actors: { sendReview: { outputs: [{}], errors: [new Error(STALE)] } },
  serializeState: (s) => JSON.stringify([s.value, s.context.comment, s.context.error !== null]),
  states: {
    editing: (s) => {
      const v = view(s);
      // The opinion as typed survives a refusal; the decisions stay pressable.
      expect([v.busy, v.getCommentProps().readOnly, v.getDecisionProps('pass')['aria-disabled']]).toEqual([false, false, undefined]);
      expect(v.getCommentProps().value).toBe(s.context.comment);
      if (v.error) expect([v.error, s.context.decision]).toEqual([STALE, 'refuse']);
      // Blocked while the approval config loads: pressable no more.
      expect(v.getDecisionProps('pass', true)['aria-disabled']).toBe(true);
    },
    sending: (s, _step, run) => {
      const v = view(s);
      expect([v.busy, v.getCommentProps().readOnly, v.error]).toEqual([true, true, null]);
      // The pressed decision shows its spinner; the others are inert but keep their look.
      expect([v.getDecisionProps('refuse').busy, v.getDecisionProps('pass').busy, v.getDecisionProps('pass')['aria-disabled']]).toEqual([true, false, true]);
      expect(run.inputs.sendReview?.at(-1)).toEqual({ decision: 'refuse', comment: s.context.comment.trim() });
    },
    decided: (s) => {
      expect(s.status).toBe('done');
      expect(view(s).getDecisionProps('back')['aria-disabled']).toBe(true);
    },
  },
});
