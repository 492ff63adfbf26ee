import { Suspense, use } from 'react';
import { Box, Center, Flex, Spinner } from '@chakra-ui/react';
import { earlySessionInfo } from '../../services/session-early';
import type { SessionInfo } from '../../services/api/shell';
import { useThemeChoice } from '../../services/theme';
import { Greeting } from '../../widgets/Greeting';
import { LEFT_MENU_WIDTH, MAIN_PADDING, SHELL_HEADER_HEIGHT, headerColours, leftMenuColours, leftMenuOpenAtStart } from './shell-frame';

const spinner = (
  <Center h="100%">
    <Spinner size="lg" />
  </Center>
);

/** The greeting once the early session info is here; the spinner if it was refused (the shell then handles the refusal). */
function EarlyGreeting({ answer }: { answer: Promise<SessionInfo | null> }) {
  const info = use(answer);
  return info ? <Greeting user={info.loginUserInfo} /> : spinner;
}

/**
 * What index.html shows while the shell's code loads: the shell's frame, empty (the header's
 * bar, the left menu's place when it is open, in the theme's colours), and on the home page the
 * workbench's greeting where the workbench will draw it, from the session info asked for as the
 * page started (session-early.ts) and words the page loaded first (the shell's). The home page's
 * largest paint is then this one, made from the entry's own code: on a slow network the user
 * reads it before the shell's code has arrived (issue 16, point 2; bench/README.md). Elsewhere a
 * spinner.
 */
export function ShellPlaceholder({ greet }: { greet: boolean }) {
  const answer = greet ? earlySessionInfo() : null;
  // The colours the shell's header and left menu will have (the theme kept from the last visit).
  const dark = useThemeChoice().navColor === 'dark';
  return (
    <Flex direction="column" h="100vh" data-testid="shell-placeholder" aria-busy="true">
      <Box h={SHELL_HEADER_HEIGHT} flexShrink={0} borderBottomWidth="1px" {...headerColours(dark)} />
      <Flex flex="1" minH="0">
        {leftMenuOpenAtStart() && <Box hideBelow="md" w={LEFT_MENU_WIDTH} flexShrink={0} borderRightWidth="1px" {...leftMenuColours(dark)} />}
        <Box flex="1" minW="0" p={MAIN_PADDING}>
          {answer ? (
            <Suspense fallback={spinner}>
              <EarlyGreeting answer={answer} />
            </Suspense>
          ) : (
            spinner
          )}
        </Box>
      </Flex>
    </Flex>
  );
}
