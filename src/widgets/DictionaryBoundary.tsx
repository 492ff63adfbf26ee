import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Box, Skeleton } from '@chakra-ui/react';
import { forgetFailedDictionary } from '../services/dictionaries';
import { useI18n } from '../services/i18n/react';
import type { Language } from '../shared/constants';
import { ErrorAlert } from './ErrorAlert';

interface Props {
  /** The dictionaries the children read (`use(dictionaryOptions(…))`), forgotten on a retry. */
  types: readonly string[];
  lang: Language;
  children: ReactNode;
}

/**
 * Where a control reads a dictionary while it renders: a skeleton while the options come, and,
 * when their request failed, the failure in place of the control with a retry (the request
 * layer's toast said why). Only the control fails: the form around it, and what is typed in it,
 * stay. Coming back online tries again by itself.
 */
export class DictionaryBoundary extends Component<Props, { failed: boolean; retried: boolean }> {
  override state = { failed: false, retried: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidMount() {
    window.addEventListener('online', this.retryIfFailed);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retryIfFailed);
  }

  // Another language (or dictionary) is another request: it is asked for, not shown failed.
  override componentDidUpdate(before: Props) {
    if (this.state.failed && (before.lang !== this.props.lang || before.types.join() !== this.props.types.join())) this.setState({ failed: false, retried: false });
  }

  private readonly retry = (byUser = false) => {
    for (const type of this.props.types) forgetFailedDictionary(type, this.props.lang);
    this.setState({ failed: false, retried: byUser });
  };

  private readonly retryIfFailed = () => {
    if (this.state.failed) this.retry();
  };

  override render() {
    if (this.state.failed) return <OptionsFailed onRetry={() => this.retry(true)} />;
    return (
      <Suspense fallback={<Skeleton height="8" />}>
        <Shown focus={this.state.retried}>{this.props.children}</Shown>
      </Suspense>
    );
  }
}

/**
 * The control once its options are in. After the user's retry it takes the focus: the retry
 * button the keyboard was on is gone, and the focus would fall back to the page's start.
 */
function Shown({ focus, children }: { focus: boolean; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) root.current?.querySelector<HTMLElement>('select, input, button')?.focus();
  }, [focus]);
  return (
    <Box ref={root} display="contents">
      {children}
    </Box>
  );
}

function OptionsFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return <ErrorAlert message={t('global.optionsFailed')} retry={{ 'data-part': 'retry', type: 'button', onClick: onRetry }} data-testid="options-failed" />;
}
