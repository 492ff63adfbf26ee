import { useState } from 'react';
import { Button, HStack, Stack, Textarea } from '@chakra-ui/react';
import { useI18n } from '../../../services/i18n/react';
import { REVIEW_COMMENT_MAX } from '../../../resources/schema';

export type ReviewDecision = 'pass' | 'refuse' | 'back';

/**
 * The checker's decision under an approval form (the form itself has no button bar, widgets §4):
 * an opinion and pass, return or refuse. The page sends it with whatever fields the approval
 * field config opened; the opinion is only this panel's until then.
 */
export function ReviewPanel({ disabled, onDecide }: { disabled: boolean; onDecide: (decision: ReviewDecision, comment: string) => void }) {
  const { t } = useI18n();
  const [comment, setComment] = useState('');
  const decide = (decision: ReviewDecision) => onDecide(decision, comment.trim());
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3" data-testid="review-panel" data-part="review">
      <Textarea aria-label={t('resource.review.comment')} placeholder={t('resource.review.comment')} maxLength={REVIEW_COMMENT_MAX} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
      <HStack gap="2" justify="flex-end" wrap="wrap">
        <Button size="sm" colorPalette="green" disabled={disabled} onClick={() => decide('pass')}>{t('resource.review.pass')}</Button>
        <Button size="sm" variant="outline" disabled={disabled} onClick={() => decide('back')}>{t('resource.review.back')}</Button>
        <Button size="sm" colorPalette="red" variant="outline" disabled={disabled} onClick={() => decide('refuse')}>{t('resource.review.refuse')}</Button>
      </HStack>
    </Stack>
  );
}
