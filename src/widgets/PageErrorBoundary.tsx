import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Box } from '@chakra-ui/react';
import { useI18n } from '../services/i18n/react';

/**
 * A page that cannot be shown (its chunk failed to load: offline for a moment, or a redeploy
 * renamed the chunks; or it threw while rendering) fails alone: the shell around it stays, the
 * user reads which page failed and why, and can try again without reloading the app.
 */
interface Props {
  /** The page's name as the user knows it. */
  page: string;
  /** Called before trying again: the caller drops what it cached of the failed page. */
  onRetry: () => void;
  /**
   * Renders the page. A function, not an element: after a retry it is called again, so the
   * page is made anew instead of the element that failed.
   */
  children: () => ReactNode;
}

/** Webpack and rspack name a failed chunk request this way; a failed dynamic import is a TypeError naming the module. */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(error.message));

function PageFailed({ page, error, onRetry }: { page: string; error: unknown; onRetry: () => void }) {
  const { t } = useI18n();
  const key = isChunkLoadError(error) ? 'shell.pageError.loadFailed' : 'shell.pageError.failed';
  return (
    <Box p="4" data-testid="page-error">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(key, { page })}</Alert.Title>
          <Alert.Description>{t(isChunkLoadError(error) ? 'shell.pageError.loadFailedHint' : 'shell.pageError.failedHint')}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="solid" onClick={onRetry} data-testid="page-error-retry">
          {t('shell.pageError.retry')}
        </Button>
      </Alert.Root>
    </Box>
  );
}

export class PageErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The user sees the message; a developer finds the cause in the console.
    console.error(error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  // Coming back online tries again by itself: the usual cause of a failed chunk has gone.
  override componentDidMount() {
    window.addEventListener('online', this.retryIfFailed);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retryIfFailed);
  }

  private readonly retryIfFailed = () => {
    if (this.state.error) this.retry();
  };

  override render() {
    if (this.state.error) return <PageFailed page={this.props.page} error={this.state.error} onRetry={this.retry} />;
    return this.props.children();
  }
}
