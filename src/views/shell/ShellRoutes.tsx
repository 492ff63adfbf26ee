import { Activity, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Box, Center, Spinner } from '@chakra-ui/react';
import { USER_TYPE_ADMIN } from '../../shared/constants';
import { useI18n } from '../../services/i18n/react';
import { APP_ROUTES, type RouteDef } from '../routes';
import PlaceholderView from '../placeholder/PlaceholderView';
import { NotFoundView, ForbiddenView } from '../placeholder/StatusViews';
import { pageTitle } from './page-title';
import { forgetPage, pageOf } from './route-pages';
import { keepAlive } from './keep-alive';
import { useRouteAt } from './route-match';
import { useMenu } from '../../widgets/menu/use-menu';
import { useShell } from '../../widgets/shell-context';
import { PageErrorBoundary } from '../../widgets/PageErrorBoundary';

/** Sets the browser title for the page on show: system title, '-', the route's title. */
function useTitle(routeTitle: string | null) {
  const { systemTitle } = useShell();
  useEffect(() => {
    document.title = pageTitle(systemTitle, routeTitle);
  }, [systemTitle, routeTitle]);
}

function RoutePage({ route }: { route: RouteDef }) {
  const { t, lang } = useI18n();
  const { user } = useShell();
  // A resource's page is titled as its menu item names it (breadcrumbs and title agree).
  const { current: leaf, loading } = useMenu(route.title ? route.path : '');
  const title = route.title ? (leaf?.functionName ?? route.title[lang]) : t(route.titleKey);
  useTitle(title);
  if (route.meta?.adminOnly && user?.userType !== USER_TYPE_ADMIN) return <ForbiddenView />;
  // A resource's page is granted by its menu item: without it, say so rather than let its calls fail (the server refuses them anyway).
  // Only the first load waits: a reload (a language switch) keeps the page as it is, with what was typed in it.
  if (route.title && loading) return <Center p="8"><Spinner /></Center>;
  if (route.title && !leaf) return <ForbiddenView />;
  // The boundary and its own Suspense per page: a page that fails leaves the shell standing.
  return (
    <PageErrorBoundary page={title} onRetry={() => forgetPage(route)}>
      {() => {
        const Page = pageOf(route);
        return (
          <Suspense fallback={<Center p="8"><Spinner /></Center>}>
            <Page />
          </Suspense>
        );
      }}
    </PageErrorBoundary>
  );
}

/** A path that is no route of ours: a menu page still being built, or nothing at all. */
function Fallback() {
  const { t } = useI18n();
  const [path] = useLocation();
  const { current: leaf, loading } = useMenu(path);
  useTitle(leaf ? leaf.functionName : loading ? null : t('global.notFound'));
  if (loading) return <Center p="8"><Spinner /></Center>;
  return leaf ? <PlaceholderView name={leaf.functionName} /> : <NotFoundView />;
}

/**
 * The kept pages share the shell's scrolling `<main>`: when the user leaves a kept page, its
 * scroll position is read (while rendering the next route, before React hides the page and the
 * browser clamps the scroll to the new content) and put back, before paint, when the page is
 * shown again. Any other page starts at the top. Held in memory, per tab, like the pages.
 */
function useKeptScroll(location: string, keepsAlive: boolean, kept: readonly string[]) {
  const anchor = useRef<HTMLDivElement>(null);
  const positions = useRef(new Map<string, number>());
  /** The kept location on screen at the last commit ('' for a plain page); null before the first. */
  const shown = useRef<string | null>(null);
  const target = keepsAlive ? location : '';
  if (shown.current && shown.current !== target) {
    const main = anchor.current?.closest('main');
    // Reading the DOM as it still is; the same value however often React renders this.
    if (main) positions.current.set(shown.current, main.scrollTop);
  }
  useLayoutEffect(() => {
    const first = shown.current === null;
    shown.current = target;
    // The first page shown is at the top of a new <main> already: writing scrollTop would lay
    // the whole shell out inside React's commit (issue 16, the home page's longest task).
    if (first) return;
    const main = anchor.current?.closest('main');
    if (main) main.scrollTop = target ? (positions.current.get(target) ?? 0) : 0;
  }, [target]);
  // A page no longer kept forgets its position with it.
  useEffect(() => {
    for (const at of positions.current.keys()) if (!kept.includes(at)) positions.current.delete(at);
  }, [kept]);
  return anchor;
}

const routeElements = (routes: readonly RouteDef[]) =>
  routes.map((route) => (
    <Route key={route.path} path={route.path}>
      <RoutePage route={route} />
    </Route>
  ));

/**
 * The page host (widgets §1): a route whose meta has `history` keeps its page alive, hidden,
 * while the user is elsewhere, and shows it again as it was (typed filters, chosen tab,
 * scroll, useKeptScroll); any other route is a plain view, made anew each time. A kept page is pinned to
 * its own location, so its route parameters stay its own while hidden. React's Activity
 * hides it: its state stays, its effects stop until it is shown again.
 */
export function ShellRoutes() {
  const [location] = useLocation();
  const keepsAlive = useRouteAt(location)?.meta?.history === true;
  const [kept, setKept] = useState<readonly string[]>([]);
  // Adjusting state while rendering (React's documented pattern): the page joins the kept
  // ones in the same render that first shows it, with no extra mount.
  if (keepsAlive && kept[kept.length - 1] !== location) setKept(keepAlive(kept, location));
  const anchor = useKeptScroll(location, keepsAlive, kept);
  return (
    <>
      {/* Outside the Suspense: it is in the page from the first render, whatever suspends. */}
      <Box ref={anchor} display="contents" data-part="page-host" />
      <Suspense fallback={<Center p="8"><Spinner /></Center>}>
        {kept.map((at) => (
          <Activity key={at} mode={keepsAlive && at === location ? 'visible' : 'hidden'}>
            <Switch location={at}>{routeElements(APP_ROUTES)}</Switch>
          </Activity>
        ))}
        {!keepsAlive && (
          <Switch>
            {routeElements(APP_ROUTES)}
            <Route>
              <Fallback />
            </Route>
          </Switch>
        )}
      </Suspense>
    </>
  );
}
