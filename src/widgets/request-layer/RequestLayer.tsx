import { lazy, Suspense, useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { connectSession } from '../../machines/session.connect';
import { connectHttpError } from '../../machines/http-error.connect';
import { httpEvents } from '../../services/http/events';
import { local } from '../../services/storage';
import { sessionActor, storedUserId, watchOtherTabs } from '../../services/session';
import { confirmationLogic, listenForConfirmations } from './confirmation-logic';
import { LoadingOverlay } from './LoadingOverlay';
import { showRequestToast, toaster, ToastViewport } from './toaster';
import { inspect } from '../../services/inspector';
import { useI18n } from '../../services/i18n/react';

/** One "new version" toast a page, however many answers say so. */
const NEW_VERSION_TOAST = 'new-version';

/**
 * The certificate dialog (agent vendors, certificate machine, its select) is its own chunk,
 * fetched when a 412 first asks for a certificate: no page's first screen needs it (issue 16).
 */
const CertConfirmDialog = lazy(() => import(/* webpackChunkName: "cert-confirm" */ './CertConfirmDialog').then((m) => ({ default: m.CertConfirmDialog })));

/**
 * The 401 prompt and the confirmation dialog (Chakra's dialog: zag's dialog, focus trap,
 * dismissal, scroll lock) are a chunk of their own too, fetched ahead when the browser is idle
 * and mounted once a dialog first opens: the first screen paints without them (issue 16).
 */
const SessionPrompt = lazy(() => import(/* webpackChunkName: "request-dialogs", webpackPrefetch: true */ './SessionPrompt').then((m) => ({ default: m.SessionPrompt })));
const ConfirmDialog = lazy(() => import(/* webpackChunkName: "request-dialogs", webpackPrefetch: true */ './ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** True from the first time `open` is: a dialog stays mounted after that, so it can close as it should. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * The request layer's UI, mounted once per page (AppProviders): loading overlay, toasts, the
 * 401 prompt (session machine) and the one confirmation dialog (http-error machine's queue:
 * 412 confirmations and the questions asked before a delete, "cancel all", "clear"); a 412
 * asking for a certificate gets the certificate dialog instead.
 */
export function RequestLayer() {
  const { t } = useI18n();
  const sessionRef = sessionActor();
  const httpErrorRef = useActorRef(confirmationLogic, { inspect });
  const sessionApi = useSelector(sessionRef, (s) => connectSession(s, sessionRef.send), (a, b) => a.promptOpen === b.promptOpen && a.messageKey === b.messageKey && a.draftKept === b.draftKept);
  const confirmApi = useSelector(httpErrorRef, (s) => s);
  const confirmHttpApi = connectHttpError(confirmApi, httpErrorRef.send);

  useEffect(() => {
    // A page that opens with a session (the shell) acts for one user: it listens for logins in
    // other tabs. The login page does not (its own login would be news to it).
    const restored = Boolean(local.get('sessionKey'));
    if (restored) sessionRef.send({ type: 'SESSION.RESTORE', userId: storedUserId() });
    const offs = [
      restored ? watchOtherTabs() : () => undefined,
      httpEvents.on('unauthorized', ({ code }) => sessionRef.send({ type: 'SESSION.REJECT', code })),
      httpEvents.on('session', (signal) => sessionRef.send(signal)),
      listenForConfirmations(httpErrorRef),
      httpEvents.on('toast', (toast) => void showRequestToast(toast)),
    ];
    return () => offs.forEach((off) => off());
  }, [sessionRef, httpErrorRef]);

  // Until the user reloads or closes it: a page of an older build may fail on the new server.
  useEffect(
    () =>
      httpEvents.on('newVersion', () =>
        void toaster.create({
          id: NEW_VERSION_TOAST,
          type: 'info',
          title: t('request.newVersion.title'),
          description: t('request.newVersion.description'),
          duration: Infinity,
          closable: true,
          action: { label: t('request.newVersion.reload'), onClick: () => window.location.reload() },
        }),
      ),
    [t],
  );

  const promptMounted = useOpenedOnce(sessionApi.promptOpen);
  const confirmMounted = useOpenedOnce(confirmHttpApi.open);

  return (
    <>
      <LoadingOverlay />
      <ToastViewport />
      {/* A boundary each: a lazy dialog suspends on its first render, and a shared boundary would
          hide the other dialog meanwhile. The 401 prompt opening as a refused resend's
          confirmation closed hid that dialog mid exit-animation, which then never ended, and the
          confirmation stayed on the page behind the prompt (model-http-error.spec's refused resend). */}
      <Suspense fallback={null}>{promptMounted && <SessionPrompt api={sessionApi} />}</Suspense>
      <Suspense fallback={null}>{confirmMounted && <ConfirmDialog api={confirmHttpApi} />}</Suspense>
      {/* A 412 asking for a certificate shows the certificate dialog where the confirmation is. */}
      {confirmHttpApi.certificate && (
        <Suspense fallback={null}>
          <CertConfirmDialog api={confirmHttpApi} />
        </Suspense>
      )}
    </>
  );
}
