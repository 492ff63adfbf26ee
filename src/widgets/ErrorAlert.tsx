import { Alert, Button } from '@chakra-ui/react';
import { useI18n } from '../services/i18n/react';

/** A connect's retry trigger (`getRetryProps()`): the button the alert offers. */
export interface RetryProps {
  'data-part': string;
  type: 'button';
  onClick: () => void;
}

/**
 * A refusal or failure shown in place, read out by screen readers; nothing when there is none.
 * With `retry`, a load that failed offers to be asked again beside its message.
 */
export function ErrorAlert({ message, retry, 'data-testid': testId }: { message: string | null | undefined | false; retry?: RetryProps; 'data-testid'?: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
      {retry && <RetryButton {...retry} />}
    </Alert.Root>
  );
}

function RetryButton(props: RetryProps) {
  const { t } = useI18n();
  return (
    <Button size="xs" variant="outline" ms="auto" {...props}>
      {t('global.retry')}
    </Button>
  );
}
