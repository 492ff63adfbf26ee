import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { connectSession } from '../../machines/session.connect';
import { httpErrorMachine, type Confirmation } from '../../machines/http-error.machine';
import { connectHttpError } from '../../machines/http-error.connect';
import { cancelPending, confirmPending } from '../../services/http/client';
import { httpEvents } from '../../services/http/events';
import { local } from '../../services/storage';
import { sessionActor, storedUserId, watchOtherTabs } from '../../services/session';
import { ConfirmDialog } from './ConfirmDialog';
import { DeleteConfirmDialog } from './DeleteConfirmDialog';
import { LoadingOverlay } from './LoadingOverlay';
import { SessionPrompt } from './SessionPrompt';
import { toaster, ToastViewport } from './toaster';
import { inspect } from '../../services/inspector';

const httpErrorLogic = httpErrorMachine.provide({
  actors: { resend: fromPromise<unknown, Confirmation>(({ input }) => confirmPending(input.id)) },
  actions: {
    cancelPending: (_, { id }) => cancelPending(id),
    followRedirect: (_, { url }) => {
      if (url) window.location.assign(url);
    },
  },
});

/**
 * The request layer's UI, mounted once per page (AppProviders): loading overlay, toasts, the
 * 401 prompt (session machine), the 412 dialog (http-error machine) and the delete question.
 */
export function RequestLayer() {
  const sessionRef = sessionActor();
  const httpErrorRef = useActorRef(httpErrorLogic, { inspect });
  const sessionApi = useSelector(sessionRef, (s) => connectSession(s, sessionRef.send), (a, b) => a.promptOpen === b.promptOpen && a.messageKey === b.messageKey && a.draftKept === b.draftKept);
  const confirmApi = useSelector(httpErrorRef, (s) => s);

  useEffect(() => {
    // A page that opens with a session (the shell) acts for one user: it listens for logins in
    // other tabs. The login page does not (its own login would be news to it).
    const restored = Boolean(local.get('sessionKey'));
    if (restored) sessionRef.send({ type: 'SESSION.RESTORE', userId: storedUserId() });
    const offs = [
      restored ? watchOtherTabs() : () => undefined,
      httpEvents.on('unauthorized', ({ code }) => sessionRef.send({ type: 'SESSION.REJECT', code })),
      httpEvents.on('session', (signal) => sessionRef.send(signal)),
      httpEvents.on('precondition', (item) => httpErrorRef.send({ type: 'CONFIRM.REQUEST', ...item })),
      httpEvents.on('toast', (toast) => void toaster.create({ ...toast, closable: true })),
    ];
    return () => offs.forEach((off) => off());
  }, [sessionRef, httpErrorRef]);

  return (
    <>
      <LoadingOverlay />
      <ToastViewport />
      <SessionPrompt api={sessionApi} />
      <ConfirmDialog api={connectHttpError(confirmApi, httpErrorRef.send)} />
      <DeleteConfirmDialog />
    </>
  );
}
