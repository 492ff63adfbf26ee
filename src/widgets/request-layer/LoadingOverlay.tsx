import { useSyncExternalStore } from 'react';
import { Box, Center, Spinner, Text } from '@chakra-ui/react';
import { loading } from '../../services/http/loading';
import { useI18n } from '../../services/i18n/react';

/**
 * Shell §2: the overlay shows while the request counter is above zero. It takes the clicks
 * meant for the page, so nothing is sent twice while a call is in flight; it fades in late so
 * a quick call does not flash.
 */
export function LoadingOverlay() {
  const { t } = useI18n();
  const count = useSyncExternalStore(loading.subscribe, loading.count, () => 0);
  if (count === 0) return null;
  return (
    <Box
      position="fixed"
      inset="0"
      zIndex="overlay"
      bg="blackAlpha.200"
      data-testid="loading-overlay"
      aria-busy="true"
      css={{ animation: 'fade-in 200ms ease-in 150ms both' }}
    >
      <Center h="100%" role="status" aria-live="polite">
        <Spinner size="lg" color="colorPalette.solid" />
        <Text srOnly>{t('request.loading')}</Text>
      </Center>
    </Box>
  );
}
