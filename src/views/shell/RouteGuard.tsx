import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { Center, Spinner } from '@chakra-ui/react';
import { local } from '../../services/storage';
import { loginUrl } from '../../services/http/return-to';
import { pageOf } from './route-pages';
import { useRouteAt } from './route-match';
import { ShellPlaceholder } from './ShellPlaceholder';
import { isWorkbench } from '../routes';

const ShellView = lazy(() => import(/* webpackChunkName: "view-shell" */ './ShellView'));

/**
 * Every route needs a session unless its meta allows anonymous access (shell §2, §5); without
 * one the visitor goes to the login page, which brings them back here afterwards. An
 * anonymous route seen without a session shows alone, outside the shell.
 */
export function RouteGuard() {
  const [path] = useLocation();
  const route = useRouteAt(path);
  const hasSession = Boolean(local.get('sessionKey'));
  const spinner = (
    <Center h="100%">
      <Spinner size="lg" />
    </Center>
  );
  if (!hasSession && route?.meta?.anonymous) {
    const Page = pageOf(route);
    return (
      <Suspense fallback={spinner}>
        <Page />
      </Suspense>
    );
  }
  if (!hasSession) {
    window.location.replace(loginUrl(path));
    return spinner;
  }
  return (
    <Suspense fallback={<ShellPlaceholder greet={isWorkbench(route)} />}>
      <ShellView />
    </Suspense>
  );
}
