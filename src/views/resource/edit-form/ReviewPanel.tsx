import { useMemo, useRef } from 'react';
import { HStack, Stack, Textarea } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useI18n } from '../../../services/i18n/react';
import { inspect } from '../../../services/inspector';
import { REVIEW_COMMENT_MAX } from '../../../resources/schema';
import { SHOW_ALL, type Display } from '../../../shared/function-display';
import { reviewDecisionMachine, type ReviewDecision } from '../../../machines/review-decision.machine';
import { connectReviewDecision } from '../../../machines/review-decision.connect';
import { BusyButton } from '../../../widgets/BusyButton';
import { ErrorAlert } from '../../../widgets/ErrorAlert';
import { resourceApi } from '../../../services/api/resources';
import type { ResourceDef } from '../../../resources/define';

export type { ReviewDecision };

/** A checker's review as the approval form hands it on: the decision with the fields the config opened, set or cleared, and the decision's files. */
export interface Review {
  decision: ReviewDecision;
  comment: string;
  values: Record<string, unknown>;
  approvalField: string;
  fileIdList: number[];
}

/** Sends a review of a record; resolves once the server took it, rejects with its localised refusal. */
export type SendReview = (review: Review, record: { id: number; version: number }) => Promise<unknown>;

/** The body of a resource's review call for a review of a record (what a resource page and the to-do page send alike). */
export function reviewBody(record: { id: number; version: number }, review: Review): Record<string, unknown> {
  const changed = Object.keys(review.values).length > 0;
  return {
    id: record.id,
    version: record.version,
    decision: review.decision,
    ...(review.comment ? { comment: review.comment } : {}),
    ...(changed ? { approvalField: review.approvalField, values: review.values } : {}),
    ...(review.fileIdList.length ? { fileIdList: review.fileIdList } : {}),
  };
}

/**
 * Sends a review of a record as its resource's review call (a resource page and the to-do page
 * alike). A refusal is said by the review panel, in place with the opinion kept, so the request
 * layer does not toast it as well.
 */
export function sendReview(def: ResourceDef, record: { id: number; version: number }, review: Review): Promise<unknown> {
  return resourceApi(def).run('review', reviewBody(record, review), { noErrorTip: true });
}

const DECISIONS: Array<{ decision: ReviewDecision; colorPalette: string; variant: 'solid' | 'outline' }> = [
  { decision: 'pass', colorPalette: 'green', variant: 'solid' },
  { decision: 'back', colorPalette: 'gray', variant: 'outline' },
  { decision: 'refuse', colorPalette: 'red', variant: 'outline' },
];

/**
 * The checker's decision under an approval form (the form itself has no button bar, widgets §4):
 * an opinion and pass, return or refuse, run by the review-decision machine. `onDecide` sends
 * the decision (the form adds the fields the approval config opened and the files); the dialog
 * closes (`onDecided`) only once the server took it, and a refusal stays here with the opinion.
 * A decision the page's hide-button map hides (`display`, codes pass, back, refuse) is not offered.
 */
export function ReviewPanel({ blocked, onDecide, onDecided, display = SHOW_ALL }: { blocked: boolean; onDecide: (decision: ReviewDecision, comment: string) => Promise<unknown>; onDecided: () => void; display?: Display }) {
  const { t } = useI18n();
  // The machine is made once; the form's values and the page's callbacks are read when used.
  const latest = useRef({ onDecide, onDecided });
  latest.current = { onDecide, onDecided };
  const logic = useMemo(
    () =>
      reviewDecisionMachine.provide({
        actors: { sendReview: fromPromise<unknown, { decision: ReviewDecision; comment: string }>(({ input }) => latest.current.onDecide(input.decision, input.comment)) },
        actions: { announceDecided: () => latest.current.onDecided() },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const view = connectReviewDecision(snapshot, send);
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3" data-testid="review-panel" {...view.getRootProps()}>
      <ErrorAlert message={view.error} />
      <Textarea aria-label={t('resource.review.comment')} placeholder={t('resource.review.comment')} maxLength={REVIEW_COMMENT_MAX} {...view.getCommentProps()} />
      <HStack gap="2" justify="flex-end" wrap="wrap">
        {DECISIONS.filter(({ decision }) => display.button(decision)).map(({ decision, colorPalette, variant }) => (
          <BusyButton key={decision} size="sm" colorPalette={colorPalette} variant={variant} {...view.getDecisionProps(decision, blocked)}>
            {t(`resource.review.${decision}`)}
          </BusyButton>
        ))}
      </HStack>
    </Stack>
  );
}
