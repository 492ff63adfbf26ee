import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { sessionMachine } from '../../machines/session.machine';
import { connectSession } from '../../machines/session.connect';
import { connectHttpError } from '../../machines/http-error.connect';
import { httpEvents } from '../../services/http/events';
import { requestToken } from '../../services/http/request-token';
import { currentRoute, loginUrl } from '../../services/http/return-to';
import { local, session } from '../../services/storage';
import { ConfirmDialog } from './ConfirmDialog';
import { confirmationLogic, listenForConfirmations } from './confirmation-logic';
import { LoadingOverlay } from './LoadingOverlay';
import { SessionPrompt } from './SessionPrompt';
import { toaster, ToastViewport } from './toaster';
import { inspect } from '../../services/inspector';

const sessionLogic = sessionMachine.provide({
  actions: {
    forgetSession: () => {
      local.remove('sessionKey');
      session.remove('loginUserInfo');
      requestToken.clear();
    },
    // Shell §8: the top window goes to the login page, which brings the user back here.
    goToLogin: () => {
      const top = window.top ?? window;
      top.location.assign(new URL(loginUrl(currentRoute(window.location)), window.location.href).href);
    },
  },
});

/**
 * The request layer's UI, mounted once per page (AppProviders): loading overlay, toasts, the
 * 401 prompt (session machine) and the one confirmation dialog (http-error machine's queue:
 * 412 confirmations and the questions asked before a delete, "cancel all", "clear").
 */
export function RequestLayer() {
  const sessionRef = useActorRef(sessionLogic, { inspect });
  const httpErrorRef = useActorRef(confirmationLogic, { inspect });
  const sessionApi = useSelector(sessionRef, (s) => connectSession(s, sessionRef.send), (a, b) => a.promptOpen === b.promptOpen && a.messageKey === b.messageKey);
  const confirmApi = useSelector(httpErrorRef, (s) => s);

  useEffect(() => {
    if (local.get('sessionKey')) sessionRef.send({ type: 'SESSION.RESTORE' });
    const offs = [
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
      <ConfirmDialog api={connectHttpError(confirmApi, httpErrorRef.send)} />
    </>
  );
}
