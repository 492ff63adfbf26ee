import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { Center, Spinner } from '@chakra-ui/react';
import { USER_TYPE_ADMIN } from '../../services/constants';
import { useI18n } from '../../services/i18n/react';
import { APP_ROUTES, type RouteDef } from '../routes';
import PlaceholderView from '../placeholder/PlaceholderView';
import { NotFoundView, ForbiddenView } from '../placeholder/StatusViews';
import { pageTitle } from './page-title';
import { pageOf } from './route-pages';
import { useShell } from './shell-context';

/** Sets the browser title for the page on show: system title, '-', the route's title. */
function useTitle(routeTitle: string | null) {
  const { systemTitle } = useShell();
  useEffect(() => {
    document.title = pageTitle(systemTitle, routeTitle);
  }, [systemTitle, routeTitle]);
}

function RoutePage({ route }: { route: RouteDef }) {
  const { t } = useI18n();
  const { user } = useShell();
  useTitle(t(route.titleKey));
  if (route.meta?.adminOnly && user?.userType !== USER_TYPE_ADMIN) return <ForbiddenView />;
  const Page = pageOf(route);
  return <Page />;
}

/** A path that is no route of ours: a menu page still being built, or nothing at all. */
function Fallback() {
  const { t } = useI18n();
  const { menu } = useShell();
  const [path] = useLocation();
  const leaf = useSelector(menu, (s) => s.context.index?.byUrl.get(path));
  const loading = useSelector(menu, (s) => s.hasTag('busy'));
  useTitle(leaf ? leaf.functionName : loading ? null : t('global.notFound'));
  if (loading) return <Center p="8"><Spinner /></Center>;
  return leaf ? <PlaceholderView name={leaf.functionName} /> : <NotFoundView />;
}

export function ShellRoutes() {
  return (
    <Suspense fallback={<Center p="8"><Spinner /></Center>}>
      <Switch>
        {APP_ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            <RoutePage route={route} />
          </Route>
        ))}
        <Route>
          <Fallback />
        </Route>
      </Switch>
    </Suspense>
  );
}
