import type { SnapshotFrom } from 'xstate';
import type { QrConfirmEvent, qrConfirmMachine } from './qr-confirm.machine';

type Snapshot = SnapshotFrom<typeof qrConfirmMachine>;

const stateOf = (s: Snapshot) => (['loading', 'failed', 'asking', 'confirming', 'unavailable', 'confirmed'] as const).find((name) => s.matches(name)) ?? 'loading';

/** The confirmation page's parts (Zag-style): root, the login's details, the notice, the button. */
export function connectQrConfirm(snapshot: Snapshot, send: (event: QrConfirmEvent) => void) {
  const state = stateOf(snapshot);
  const { detail, serverMessage } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    state,
    busy,
    detail,
    serverMessage,
    /** Locale key of the notice for a code that cannot be confirmed, or of the success. */
    noticeKey: state === 'confirmed' ? 'shell.qrConfirm.done' : state === 'unavailable' ? (detail?.status === 'expired' ? 'shell.qrConfirm.expired' : 'shell.qrConfirm.used') : null,
    canConfirm: state === 'asking' || state === 'confirming',
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': busy }),
    getDetailProps: () => ({ 'data-part': 'detail', 'data-state': state }),
    getConfirmProps: () => ({ 'data-part': 'confirm', 'data-state': state, loading: state === 'confirming', onClick: () => send({ type: 'QR.CONFIRM' }) }),
    getRetryProps: () => ({ 'data-part': 'retry', 'data-state': state, onClick: () => send({ type: 'QR.RETRY' }) }),
  };
}
