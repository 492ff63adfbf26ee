import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useLocation, useSearch } from 'wouter';
import { navigate } from 'wouter/use-hash-location';
import { Box, Flex } from '@chakra-ui/react';
import { menuMachine, type DefaultChange, type FavouriteChange, type MenuLoad } from '../../machines/menu.machine';
import { drawerMachine } from '../../machines/drawer.machine';
import { reminderNoticeMachine } from '../../machines/reminder-notice.machine';
import { themeChoiceMachine, type ThemeChoice } from '../../machines/theme-choice.machine';
import { menuApi } from '../../services/api/menu';
import { shellApi, type SessionInfo } from '../../services/api/shell';
import { local, session as sessionStore } from '../../services/storage';
import { sessionActor, sessionInfoOf } from '../../services/session';
import { applyTheme, useThemeChoice } from '../../services/theme';
import { useI18n } from '../../services/i18n/react';
import { drawersFromSearch, routeWithDrawers } from '../../widgets/drawers/route-drawers';
import { ShellDrawers } from '../../widgets/drawers/ShellDrawers';
import { NavMenu } from '../../widgets/menu/NavMenu';
import { ReminderNotice } from '../../widgets/ReminderNotice';
import { Watermark } from '../../widgets/watermark/Watermark';
import { ShellContext, type ShellValue } from '../../widgets/shell-context';
import { ShellHeader } from './ShellHeader';
import { ShellRoutes } from './ShellRoutes';
import { PageHeader } from './PageHeader';
import { inspect } from '../../services/inspector';
import type { Language } from '../../shared/constants';
import { LEFT_MENU_WIDTH, MAIN_PADDING, leftMenuColours, leftMenuOpenAtStart } from './shell-frame';

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

const noticeLogic = reminderNoticeMachine.provide({
  actors: {
    countUnread: fromPromise<number>(async () => (await shellApi.unreadReminders()).total),
    savePreference: fromPromise<void, { noNotify: boolean }>(async ({ input }) => {
      await shellApi.setNoNotify(input.noNotify);
    }),
  },
  actions: {
    rememberPreference: (_, noNotify) => local.set('isNoNotify', noNotify),
  },
});

const themeLogic = themeChoiceMachine.provide({
  actors: {
    saveChoice: fromPromise<ThemeChoice, ThemeChoice>(({ input }) => shellApi.saveTheme(input as Parameters<typeof shellApi.saveTheme>[0])),
  },
  actions: {
    applyChoice: (_, choice) => void applyTheme(choice),
  },
});

/** The signed-in frame: header, left menu, breadcrumbs, the route's page and the drawers. */
export default function ShellView() {
  const { t } = useI18n();
  const [path] = useLocation();
  const search = useSearch();
  const menu = useActorRef(menuLogic, { input: { history: (local.get('historySearch') ?? []).map(String) }, inspect });
  const drawers = useActorRef(drawerLogic, { input: { path, ...drawersFromSearch(search) }, inspect });
  const started = useSelector(sessionActor(), sessionInfoOf);
  // What a drawer saved since (the theme): kept over the start's answer until the next start.
  const [saved, setSaved] = useState<SessionInfo | null>(null);
  useEffect(() => setSaved(null), [started]);
  const info = useMemo(() => (saved ?? started), [saved, started]);
  const [leftOpen, setLeftOpen] = useState(leftMenuOpenAtStart);
  const look = useThemeChoice();
  const { navColor } = look;
  // The theme choice, for the settings drawer and the Themes page alike; a save updates the session info.
  const infoNow = useRef(info);
  infoNow.current = info;
  const theme = useActorRef(
    themeLogic.provide({ actions: { announceSaved: (_, choice) => infoNow.current && setSaved({ ...infoNow.current, ...(choice as Pick<SessionInfo, 'themeName' | 'navColor'>) }) } }),
    { input: { choice: look }, inspect },
  );
  // The session info brings the server's choice (applied by the session's start): the machine's to go back to.
  const startedTheme = started?.themeName;
  const startedNav = started?.navColor;
  useEffect(() => {
    if (startedTheme && startedNav) theme.send({ type: 'THEME.SYNC', choice: { themeName: startedTheme, navColor: startedNav } });
  }, [theme, startedTheme, startedNav]);
  const remindersOpen = useSelector(drawers, (s) => s.context.open.includes('reminders'));
  const notice = useActorRef(
    noticeLogic.provide({ actions: { openReminders: () => drawers.send({ type: 'DRAWER.OPEN', name: 'reminders' }) } }),
    { inspect },
  );

  useEffect(() => {
    drawers.send({ type: 'ROUTE.CHANGE', path, ...drawersFromSearch(search) });
  }, [drawers, path, search]);

  // The session machine starts the shell (session info, theme, default menu) and logs out.
  const logout = useCallback(async () => {
    sessionActor().send({ type: 'SESSION.END' });
  }, []);

  // The menu's names and the system title come from the server in the user's language: once
  // it is saved, both are asked for again, so the menu, breadcrumbs and title follow at once.
  const changeLanguage = useCallback(
    (lang: string) => {
      void shellApi
        .setLanguage(lang as Language)
        .catch(() => undefined)
        .then(() => {
          sessionActor().send({ type: 'SESSION.REFRESH' });
          menu.send({ type: 'MENU.RELOAD' });
        });
    },
    [menu],
  );

  // The notice starts once the session info says whether the user wants it; once the
  // reminders are on screen anyway, it has done its job.
  const noNotify = info?.noNotify;
  useEffect(() => {
    if (noNotify !== undefined) notice.send({ type: 'NOTICE.START', noNotify });
  }, [notice, noNotify]);
  useEffect(() => {
    if (remindersOpen) notice.send({ type: 'NOTICE.DISMISS' });
  }, [notice, remindersOpen]);

  const toggleLeft = () =>
    setLeftOpen((open) => {
      local.set('isLeftOpen', !open);
      return !open;
    });

  const value: ShellValue = {
    menu,
    drawers,
    notice,
    theme,
    session: info,
    user: info?.loginUserInfo ?? sessionStore.get('loginUserInfo') ?? null,
    systemTitle: info?.systemTitle || t('global.appName'),
    logout,
    changeLanguage,
  };
  const dark = navColor === 'dark';

  return (
    <ShellContext.Provider value={value}>
      <Flex direction="column" h="100vh">
        <ShellHeader leftOpen={leftOpen} onToggleLeft={toggleLeft} dark={dark} />
        <Flex flex="1" minH="0">
          {leftOpen && (
            <Box as="aside" hideBelow="md" w={LEFT_MENU_WIDTH} flexShrink={0} overflowY="auto" borderRightWidth="1px" {...leftMenuColours(dark)} data-testid="left-menu">
              <NavMenu dark={dark} />
            </Box>
          )}
          <Box as="main" flex="1" minW="0" overflowY="auto" p={MAIN_PADDING}>
            <PageHeader path={path} />
            <ShellRoutes />
          </Box>
        </Flex>
      </Flex>
      <ShellDrawers />
      <ReminderNotice />
      <Watermark user={value.user} />
    </ShellContext.Provider>
  );
}
