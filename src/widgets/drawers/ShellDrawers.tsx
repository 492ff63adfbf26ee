import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { useShell } from '../shell-context';
import { connectDrawers } from '../../machines/drawer.connect';
import { DRAWERS } from './registry';

const OpenDrawers = lazy(() => import(/* webpackChunkName: "drawers" */ './OpenDrawers').then((m) => ({ default: m.OpenDrawers })));

/**
 * The shell's drawers (OpenDrawers.tsx). Their code (Chakra's drawer, Zag's dialog and focus
 * trap) loads when the first one opens, not with the shell's first screen (issue 16).
 */
export function ShellDrawers() {
  const { drawers } = useShell();
  const anyOpen = useSelector(drawers, (s) => connectDrawers(s, drawers.send).openNames.some((n) => DRAWERS[n]));
  return anyOpen ? (
    <Suspense fallback={null}>
      <OpenDrawers />
    </Suspense>
  ) : null;
}
