import { Badge, Button, Flex, Heading, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useI18n } from '../../services/i18n/react';
import { USER_TYPE_ADMIN } from '../../shared/constants';
import { LanguageSwitch } from '../../widgets/LanguageSwitch';
import { MenuSearch } from '../../widgets/menu/MenuSearch';
import { useLocation } from 'wouter';
import { useOpenDrawer, useShell } from '../../widgets/shell-context';
import { SHELL_HEADER_HEIGHT, headerColours } from './shell-frame';
import { userNameIn } from '../../shared/user-name';

/** Title, menu search, reminders, often-used menus, language and the user's own menu. */
export function ShellHeader({ leftOpen, onToggleLeft, dark }: { leftOpen: boolean; onToggleLeft: () => void; dark: boolean }) {
  const { t, lang } = useI18n();
  const { user, systemTitle, logout, changeLanguage } = useShell();
  const openDrawer = useOpenDrawer();
  const [, navigate] = useLocation();
  const name = userNameIn(user, lang);

  return (
    <Flex as="header" align="center" gap="3" px="3" py="2" minH={SHELL_HEADER_HEIGHT} borderBottomWidth="1px" {...headerColours(dark)}>
      <IconButton hideBelow="md" size="sm" variant="ghost" color="inherit" aria-label={t(leftOpen ? 'shell.header.hideMenu' : 'shell.header.showMenu')} aria-expanded={leftOpen} onClick={onToggleLeft} data-testid="toggle-left">
        <span aria-hidden>☰</span>
      </IconButton>
      {/* On a phone's width there is no sidebar: the same button opens every menu in a drawer. */}
      <IconButton hideFrom="md" size="sm" variant="ghost" color="inherit" aria-label={t('shell.drawers.allMenus')} onClick={() => openDrawer('allMenus')} data-testid="open-all-menus-narrow" data-drawer-opener="allMenus">
        <span aria-hidden>☰</span>
      </IconButton>
      <Heading size="md" whiteSpace="nowrap" truncate minW="0" data-testid="shell-title">
        {systemTitle}
      </Heading>
      {/* On a phone's width the header keeps the menu button, title, language and the user's menu; the rest is a desktop's. */}
      <Flex flex="1" justify="center" hideBelow="md">
        <MenuSearch />
      </Flex>
      <Flex flex="1" hideFrom="md" />
      <Button hideBelow="md" size="sm" variant="ghost" color="inherit" onClick={() => openDrawer('reminders')} data-testid="open-reminders" data-drawer-opener="reminders">
        {t('shell.header.reminders')}
      </Button>
      <Button hideBelow="md" size="sm" variant="ghost" color="inherit" onClick={() => openDrawer('allMenus')} data-testid="open-all-menus" data-drawer-opener="allMenus">
        {t('shell.drawers.allMenus')}
      </Button>
      <Button hideBelow="md" size="sm" variant="ghost" color="inherit" onClick={() => openDrawer('favourites')} data-testid="open-favourites" data-drawer-opener="favourites">
        {t('shell.header.favourites')}
      </Button>
      <LanguageSwitch onChosen={changeLanguage} />
      <Menu.Root
        onSelect={(d) => {
          if (d.value === 'logout') void logout();
          else if (d.value === 'outbox') navigate('/outbox?');
          else openDrawer(d.value);
        }}
      >
        <Menu.Trigger asChild>
          <Button size="sm" variant="surface" minW="0" flexShrink={1} data-testid="user-menu">
            <Text truncate data-testid="current-user">{name}</Text>
            {user?.userType === USER_TYPE_ADMIN && (
              <Badge size="xs" hideBelow="md">
                {t('shell.session.admin')}
              </Badge>
            )}
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="session">{t('shell.drawers.session')}</Menu.Item>
              <Menu.Item value="settings">{t('shell.drawers.settings')}</Menu.Item>
              <Menu.Item value="password">{t('shell.drawers.password')}</Menu.Item>
              <Menu.Item value="searchHistory">{t('shell.drawers.searchHistory')}</Menu.Item>
              <Menu.Item value="shortcuts">{t('shell.drawers.shortcuts')}</Menu.Item>
              {user?.userType === USER_TYPE_ADMIN && <Menu.Item value="outbox">{t('shell.routes.outbox')}</Menu.Item>}
              <Menu.Separator />
              <Menu.Item value="logout">{t('global.logout')}</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Flex>
  );
}
