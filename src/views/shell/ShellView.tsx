import { useCallback, useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useLocation, useSearch } from 'wouter';
import { navigate } from 'wouter/use-hash-location';
import { Box, Flex } from '@chakra-ui/react';
import { menuMachine, type DefaultChange, type FavouriteChange, type MenuLoad } from '../../machines/menu.machine';
import { drawerMachine } from '../../machines/drawer.machine';
import { menuApi } from '../../services/api/menu';
import { loginApi } from '../../services/api/login';
import { shellApi, type SessionInfo } from '../../services/api/shell';
import { httpEvents } from '../../services/http/events';
import { forgetSession, local, session as sessionStore } from '../../services/storage';
import { applyTheme, useThemeChoice } from '../../services/theme';
import { useI18n } from '../../services/i18n/react';
import { drawersFromSearch, routeWithDrawers } from '../../widgets/drawers/route-drawers';
import { ShellDrawers } from '../../widgets/drawers/ShellDrawers';
import { NavMenu } from '../../widgets/menu/NavMenu';
import { Breadcrumbs } from '../../widgets/menu/Breadcrumbs';
import { ReminderNotice } from '../../widgets/ReminderNotice';
import { ShellContext, type ShellValue } from '../../widgets/shell-context';
import { ShellHeader } from './ShellHeader';
import { ShellRoutes } from './ShellRoutes';
import { inspect } from '../../services/inspector';

const ids = (list: Array<{ funcId: number }>) => list.map((x) => String(x.funcId));

const menuLogic = menuMachine.provide({
  actors: {
    loadMenu: fromPromise<MenuLoad>(async () => {
      const [rows, often, byDefault] = await Promise.all([menuApi.userMenu(), menuApi.oftenQuery(), menuApi.defaultQuery()]);
      return { rows, favourites: ids(often), defaultId: byDefault.funcId == null ? null : String(byDefault.funcId) };
    }),
    saveFavourite: fromPromise<string[], FavouriteChange>(async ({ input }) => {
      if (input.op === 'add') await menuApi.oftenAdd(Number(input.id));
      else if (input.op === 'delete') await menuApi.oftenDelete(Number(input.id));
      else await menuApi.oftenDeleteAll();
      return ids(await menuApi.oftenQuery());
    }),
    saveDefault: fromPromise<string | null, DefaultChange>(async ({ input }) => {
      const answer = input.op === 'set' ? await menuApi.defaultSet(Number(input.id)) : await menuApi.defaultUnset();
      return answer.funcId == null ? null : String(answer.funcId);
    }),
  },
  actions: {
    rememberHistory: (_, history) => local.set('historySearch', history),
    openItem: (_, item) => navigate(item.funcUrl),
  },
});

const drawerLogic = drawerMachine.provide({
  actions: { replaceRoute: (_, { path, open, url }) => navigate(routeWithDrawers(path, open, url), { replace: true }) },
});

/** The signed-in frame: header, left menu, breadcrumbs, the route's page and the drawers. */
export default function ShellView() {
  const { t } = useI18n();
  const [path] = useLocation();
  const search = useSearch();
  const menu = useActorRef(menuLogic, { input: { history: (local.get('historySearch') ?? []).map(String) }, inspect });
  const drawers = useActorRef(drawerLogic, { input: { path, ...drawersFromSearch(search) }, inspect });
  const [info, setInfo] = useState<SessionInfo | null>(null);
  const [leftOpen, setLeftOpen] = useState(() => local.get('isLeftOpen') ?? true);
  const { navColor } = useThemeChoice();
  const remindersOpen = useSelector(drawers, (s) => s.context.open.includes('reminders'));

  useEffect(() => {
    drawers.send({ type: 'ROUTE.CHANGE', path, ...drawersFromSearch(search) });
  }, [drawers, path, search]);

  useEffect(() => {
    let live = true;
    shellApi
      .sessionInfo()
      .then((s) => {
        if (!live) return;
        setInfo(s);
        sessionStore.set('loginUserInfo', s.loginUserInfo);
        local.set('isNoNotify', s.noNotify);
        applyTheme(s);
        // The default menu opens in place of the home page, once per visit.
        if (window.location.hash.replace(/^#/, '') === '/' && s.defaultMenu?.funcUrl) navigate(s.defaultMenu.funcUrl, { replace: true });
      })
      // A 401 here is the request layer's: its prompt tells the user and leads to login.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const logout = useCallback(async () => {
    // Calls still in flight that fail with 401 after this bring no prompt.
    httpEvents.emit('session', { type: 'SESSION.END' });
    await loginApi.logout().catch(() => undefined);
    forgetSession();
    window.location.assign('./login.html#/login');
  }, []);

  const toggleLeft = () =>
    setLeftOpen((open) => {
      local.set('isLeftOpen', !open);
      return !open;
    });

  const value: ShellValue = {
    menu,
    drawers,
    session: info,
    user: info?.loginUserInfo ?? sessionStore.get('loginUserInfo') ?? null,
    systemTitle: info?.systemTitle || t('global.appName'),
    setSession: setInfo,
    logout,
  };
  const dark = navColor === 'dark';

  return (
    <ShellContext.Provider value={value}>
      <Flex direction="column" h="100vh">
        <ShellHeader leftOpen={leftOpen} onToggleLeft={toggleLeft} dark={dark} />
        <Flex flex="1" minH="0">
          {leftOpen && (
            <Box as="aside" w="260px" flexShrink={0} overflowY="auto" borderRightWidth="1px" bg={dark ? 'gray.900' : 'bg.panel'} color={dark ? 'gray.100' : 'fg'} data-testid="left-menu">
              <NavMenu dark={dark} />
            </Box>
          )}
          <Box as="main" flex="1" minW="0" overflowY="auto" p="4">
            <Breadcrumbs path={path} />
            <ShellRoutes />
          </Box>
        </Flex>
      </Flex>
      <ShellDrawers />
      {info && <ReminderNotice seen={remindersOpen} onOpen={() => drawers.send({ type: 'DRAWER.OPEN', name: 'reminders' })} />}
    </ShellContext.Provider>
  );
}
