import { ChakraProvider, Box, Center, Spinner } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nProvider } from '../services/i18n/react';
import { THEMES, useThemeChoice } from '../services/theme';
import { pageSystem } from '../services/theme-system';
import { RequestLayer } from './request-layer/RequestLayer';
import { styleCache } from '../services/style-cache';
import { pageModules } from './page-modules';


/** The developer inspector: only in builds made with it (development, or INSPECTOR=on), so a production bundle has none of it. */
const InspectorPanel = process.env.INSPECTOR === 'on' ? lazy(() => import(/* webpackChunkName: "inspector" */ './inspector/InspectorPanel')) : null;

/**
 * Chakra with the stored (or default var6/light) theme, and the locale modules a page needs.
 * Chakra's global styles come with the page as a static style sheet (theme-system.ts).
 */
export function AppProviders({ modules, children }: { modules: string[]; children: ReactNode }) {
  const { themeName, navColor } = useThemeChoice();
  // The cache carries the page's CSP nonce, so Chakra's inserted styles pass the policy.
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={pageSystem}>
        <Box colorPalette={THEMES[themeName]} data-theme={themeName} data-nav-color={navColor} h="100%">
          <I18nProvider
            modules={pageModules(modules)}
            fallback={
              <Center h="100%">
                <Spinner size="lg" />
              </Center>
            }
          >
            <RequestLayer />
            {children}
            {InspectorPanel && (
              <Suspense fallback={null}>
                <InspectorPanel />
              </Suspense>
            )}
          </I18nProvider>
        </Box>
      </ChakraProvider>
    </CacheProvider>
  );
}
