import { Alert, Box } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useI18n } from '../../../services/i18n/react';
import { useShell } from '../../shell-context';

/**
 * An embedded page at the route's `url` parameter. Only http(s) addresses and paths of this
 * site are shown: a `javascript:` or `data:` address in a link must not run in our page.
 */
export function embeddable(url: string | null, origin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export default function IframePanel() {
  const { t } = useI18n();
  const { drawers } = useShell();
  const url = useSelector(drawers, (s) => s.context.url);
  const src = embeddable(url, window.location.origin);
  if (!src)
    return (
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t('shell.iframe.invalid')}</Alert.Title>
      </Alert.Root>
    );
  return (
    <Box asChild w="full" h="full" minH="80vh" border="0">
      <iframe title={t('shell.drawers.iframe')} src={src} data-testid="drawer-iframe-frame" />
    </Box>
  );
}
