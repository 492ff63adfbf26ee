import { lazy, Suspense, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { connectSession } from '../../machines/session.connect';
import { connectHttpError } from '../../machines/http-error.connect';
import { httpEvents } from '../../services/http/events';
import { local } from '../../services/storage';
import { sessionActor, storedUserId, watchOtherTabs } from '../../services/session';
import { ConfirmDialog } from './ConfirmDialog';
import { confirmationLogic, listenForConfirmations } from './confirmation-logic';
import { LoadingOverlay } from './LoadingOverlay';
import { SessionPrompt } from './SessionPrompt';
import { toaster, ToastViewport } from './toaster';
import { inspect } from '../../services/inspector';

/**
 * The certificate dialog (agent vendors, certificate machine, its select) is its own chunk,
 * fetched when a 412 first asks for a certificate: no page's first screen needs it (issue 16).
 */
const CertConfirmDialog = lazy(() => import(/* webpackChunkName: "cert-confirm" */ './CertConfirmDialog').then((m) => ({ default: m.CertConfirmDialog })));

/**
 * The request layer's UI, mounted once per page (AppProviders): loading overlay, toasts, the
 * 401 prompt (session machine) and the one confirmation dialog (http-error machine's queue:
 * 412 confirmations and the questions asked before a delete, "cancel all", "clear"); a 412
 * asking for a certificate gets the certificate dialog instead.
 */
export function RequestLayer() {
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
      httpEvents.on('toast', (toast) => void toaster.create({ ...toast, closable: true })),
    ];
    return () => offs.forEach((off) => off());
  }, [sessionRef, httpErrorRef]);

  return (
    <>
      <LoadingOverlay />
      <ToastViewport />
      <SessionPrompt api={sessionApi} />
      <ConfirmDialog api={confirmHttpApi} />
      {/* A 412 asking for a certificate shows the certificate dialog where the confirmation is. */}
      {confirmHttpApi.certificate && (
        <Suspense fallback={null}>
          <CertConfirmDialog api={confirmHttpApi} />
        </Suspense>
      )}
    </>
  );
}
