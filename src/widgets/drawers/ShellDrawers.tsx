import { Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { CloseButton, Drawer, Portal, Spinner } from '@chakra-ui/react';
import { DRAWER_DEFAULT_WIDTH } from '../../shared/constants';
import { useI18n } from '../../services/i18n/react';
import { useShell } from '../shell-context';
import { connectDrawers } from '../../machines/drawer.connect';
import { DRAWERS } from './registry';

/**
 * Every open drawer: from the right, DRAWER_DEFAULT_WIDTH wide, full height, the newest on
 * top. Escape, the close button or a click outside closes the top one.
 */
export function ShellDrawers() {
  const { t } = useI18n();
  const { drawers } = useShell();
  const snapshot = useSelector(drawers, (s) => s);
  const api = connectDrawers(snapshot, drawers.send);
  return (
    <>
      {api.openNames.map((name) => {
        const def = DRAWERS[name];
        if (!def) return null;
        const Panel = def.panel;
        const props = api.drawer(name);
        return (
          <Drawer.Root key={name} open={props.open} onOpenChange={props.onOpenChange} placement="end" size="full">
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content w={DRAWER_DEFAULT_WIDTH} maxW={DRAWER_DEFAULT_WIDTH} h="100vh" data-testid={`drawer-${name}`}>
                  <Drawer.Header borderBottomWidth="1px">
                    <Drawer.Title>{t(def.titleKey)}</Drawer.Title>
                  </Drawer.Header>
                  <Drawer.Body>
                    <Suspense fallback={<Spinner />}>
                      <Panel />
                    </Suspense>
                  </Drawer.Body>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label={t('global.close')} />
                  </Drawer.CloseTrigger>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
        );
      })}
    </>
  );
}
