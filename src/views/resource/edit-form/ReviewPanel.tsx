import { useState } from 'react';
import { Button, HStack, Stack, Textarea } from '@chakra-ui/react';
import { useI18n } from '../../../services/i18n/react';
import { REVIEW_COMMENT_MAX } from '../../../resources/schema';
import { SHOW_ALL, type Display } from '../../../shared/function-display';

export type ReviewDecision = 'pass' | 'refuse' | 'back';

/** A checker's review as the approval form hands it on: the decision with the fields the config opened, set or cleared, and the decision's files. */
export interface Review {
  decision: ReviewDecision;
  comment: string;
  values: Record<string, unknown>;
  approvalField: string;
  fileIdList: number[];
}

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
 * The checker's decision under an approval form (the form itself has no button bar, widgets §4):
 * an opinion and pass, return or refuse. The page sends it with whatever fields the approval
 * field config opened; the opinion is only this panel's until then. A decision the page's
 * hide-button map hides (`display`, codes pass, back, refuse) is not offered.
 */
export function ReviewPanel({ disabled, onDecide, display = SHOW_ALL }: { disabled: boolean; onDecide: (decision: ReviewDecision, comment: string) => void; display?: Display }) {
  const { t } = useI18n();
  const [comment, setComment] = useState('');
  const decide = (decision: ReviewDecision) => onDecide(decision, comment.trim());
  const shown = (decision: ReviewDecision) => display.button(decision);
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3" data-testid="review-panel" data-part="review">
      <Textarea aria-label={t('resource.review.comment')} placeholder={t('resource.review.comment')} maxLength={REVIEW_COMMENT_MAX} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
      <HStack gap="2" justify="flex-end" wrap="wrap">
        {shown('pass') && <Button size="sm" colorPalette="green" disabled={disabled} onClick={() => decide('pass')}>{t('resource.review.pass')}</Button>}
        {shown('back') && <Button size="sm" variant="outline" disabled={disabled} onClick={() => decide('back')}>{t('resource.review.back')}</Button>}
        {shown('refuse') && <Button size="sm" colorPalette="red" variant="outline" disabled={disabled} onClick={() => decide('refuse')}>{t('resource.review.refuse')}</Button>}
      </HStack>
    </Stack>
  );
}
