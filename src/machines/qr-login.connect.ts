import type { SnapshotFrom } from 'xstate';
import type { QrLoginEvent, qrLoginMachine } from './qr-login.machine';

type Snapshot = SnapshotFrom<typeof qrLoginMachine>;

/** What the QR-code panel renders: the image while it is valid, or why not and a refresh. */
export function connectQrLogin(snapshot: Snapshot, send: (event: QrLoginEvent) => void) {
  const state = snapshot.value as string;
  return {
    busy: snapshot.hasTag('busy'),
    image: snapshot.hasTag('showCode') ? (snapshot.context.code?.qrImage ?? null) : null,
    confirmUrl: snapshot.hasTag('showCode') ? (snapshot.context.code?.confirmUrl ?? null) : null,
    expired: state === 'expired',
    failed: state === 'failed',
    serverMessage: snapshot.context.serverMessage,
    loggedIn: snapshot.status === 'done',
    statusKey: snapshot.status === 'done' ? 'login.qr.confirmed' : state === 'expired' ? 'login.qr.expired' : state === 'failed' ? 'login.qr.failed' : snapshot.hasTag('busy') ? 'login.qr.generating' : 'login.qr.waiting',
    refreshProps: { onClick: () => send({ type: 'QR.REFRESH' }) },
  };
}
