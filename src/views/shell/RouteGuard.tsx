import { lazy, Suspense } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { Center, Spinner } from '@chakra-ui/react';
import { local } from '../../services/storage';
import { APP_ROUTES } from '../routes';
import { loginUrl } from '../../services/http/return-to';
import { pageOf } from './route-pages';

const ShellView = lazy(() => import(/* webpackChunkName: "view-shell" */ './ShellView'));

/**
 * Every route needs a session unless its meta allows anonymous access (shell §2, §5); without
 * one the visitor goes to the login page, which brings them back here afterwards. An
 * anonymous route seen without a session shows alone, outside the shell.
 */
export function RouteGuard() {
  const [path] = useLocation();
  const router = useRouter();
  const route = APP_ROUTES.find((r) => matchRoute(router.parser, r.path, path)[0]);
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
    <Suspense fallback={spinner}>
      <ShellView />
    </Suspense>
  );
}
