import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { CloseButton, Drawer, Portal, Spinner } from '@chakra-ui/react';
import { DRAWER_DEFAULT_WIDTH } from '../../shared/constants';
import { useI18n } from '../../services/i18n/react';
import { useShell } from '../shell-context';
import { connectDrawers } from '../../machines/drawer.connect';
import { DRAWERS } from './registry';

/**
 * Calls `onSettled` two frames after mounting: by then the drawer's dialog has hidden what lies
 * below it from assistive technology (Zag does so one frame after opening).
 */
function Settle({ name, onSettled }: { name: string; onSettled: (name: string) => void }) {
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => (second = requestAnimationFrame(() => onSettled(name))));
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [name, onSettled]);
  return null;
}

const shown = (el: HTMLElement | null | undefined): el is HTMLElement => !!el && el.isConnected && el.checkVisibility?.() !== false;

/**
 * Where the focus goes when a drawer closes: back to what opened it, when that is still on the
 * page. What opened it may be gone (the unread-reminders notice leaves once its View opened the
 * reminders): then the header's own button for that drawer, else the user's menu, never the page
 * itself, where a keyboard user would start again from the top.
 */
export function drawerReturnFocus(opener: HTMLElement | null | undefined, name: string, doc: Document = document): HTMLElement | null {
  if (shown(opener) && opener !== doc.body) return opener;
  const header = Array.from(doc.querySelectorAll<HTMLElement>(`[data-drawer-opener="${name}"]`)).find(shown);
  return header ?? doc.querySelector<HTMLElement>('[data-testid=user-menu]');
}

/**
 * Every open drawer: from the right, DRAWER_DEFAULT_WIDTH wide, full height, the newest on
 * top. Escape, the close button or a click outside closes the top one.
 *
 * Each modal drawer hides everything else on the page from assistive technology when it opens.
 * Drawers opened in the same frame (a reload of `?drawer=a,b`) would hide each other, leaving
 * the top one hidden too; so a drawer is mounted only once every drawer below it has settled,
 * and the top one's hiding comes last.
 */
export function OpenDrawers() {
  const { t } = useI18n();
  const { drawers } = useShell();
  const snapshot = useSelector(drawers, (s) => s);
  const api = connectDrawers(snapshot, drawers.send);
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const onSettled = useCallback((name: string) => setSettled((s) => (s.has(name) ? s : new Set(s).add(name))), []);
  const known = api.openNames.filter((n) => DRAWERS[n]);
  // A drawer closed and opened again must settle again (adjusting state while rendering).
  if ([...settled].some((n) => !known.includes(n))) setSettled(new Set([...settled].filter((n) => known.includes(n))));
  const firstUnsettled = known.findIndex((n) => !settled.has(n));
  const mounted = firstUnsettled === -1 ? known : known.slice(0, firstUnsettled + 1);
  // What had the focus as each drawer opened (read while it first renders, before it takes the focus).
  const openers = useRef(new Map<string, HTMLElement | null>());
  for (const name of [...openers.current.keys()]) if (!known.includes(name)) openers.current.delete(name);
  for (const name of mounted) if (!openers.current.has(name)) openers.current.set(name, typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null));
  return (
    <>
      {mounted.map((name) => {
        const def = DRAWERS[name]!;
        const Panel = def.panel;
        const props = api.drawer(name);
        const opener = openers.current.get(name);
        return (
          <Drawer.Root key={name} open={props.open} onOpenChange={props.onOpenChange} placement="end" size="full" finalFocusEl={() => drawerReturnFocus(opener, name)}>
            <Settle name={name} onSettled={onSettled} />
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
