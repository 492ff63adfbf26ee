import { lazy, Suspense, useEffect, useState } from 'react';
import { createToaster } from '@chakra-ui/react';
import type { ToastEvent } from '../../services/http/events';

/** The page's one toaster: request errors, delete-cancelled and export tips land here. */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

/**
 * Shows the request layer's toast, once however often it is told at a time: the same message
 * while one is on screen updates that one. Five dictionaries failing together on a page's
 * first render said "连接服务器失败" five times, which on a phone covered the page.
 */
export function showRequestToast(toast: ToastEvent): string {
  return toaster.create({ ...toast, id: `request:${toast.type}:${toast.title}\n${toast.description ?? ''}`, closable: true });
}

/**
 * Zag's toast machines and Chakra's toast parts (ToastList.tsx) are not part of a page's first
 * screen (issue 16): they are prefetched when the browser is idle, so they are at hand offline
 * too, and mounted with the first toast, which they then show (the list reads the toasts the
 * store already holds).
 */
const ToastList = lazy(() => import(/* webpackChunkName: "toasts", webpackPrefetch: true */ './ToastList').then((m) => ({ default: m.ToastList })));

export function ToastViewport() {
  const [wanted, setWanted] = useState(() => toaster.getCount() > 0);
  useEffect(() => (wanted ? undefined : toaster.subscribe(() => setWanted(true))), [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
