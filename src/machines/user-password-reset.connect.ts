import type { SnapshotFrom } from 'xstate';
import type { PasswordResetEvent, userPasswordResetMachine } from './user-password-reset.machine';
import { busyButton } from './form.connect';

type Snapshot = SnapshotFrom<typeof userPasswordResetMachine>;

export type PasswordResetState = 'closed' | 'confirming' | 'resetting' | 'shown';

/**
 * The reset-password dialog's anatomy (Zag.js style): `trigger` (the row's button), `dialog`
 * (spread on Chakra's Dialog.Root), `confirm`, `close` and `password` (the new password, shown
 * once), each with `data-part` and `data-state`.
 */
export function connectPasswordReset(snapshot: Snapshot, send: (event: PasswordResetEvent) => void) {
  const state = snapshot.value as PasswordResetState;
  const busy = snapshot.hasTag('busy');
  const { password, userCode, error } = snapshot.context;
  return {
    state,
    busy,
    open: state !== 'closed',
    /** The new password is on screen: the question is answered. */
    shown: state === 'shown',
    password,
    userCode,
    error,
    getTriggerProps: () => ({ 'data-part': 'trigger', 'data-state': state, onClick: () => send({ type: 'DIALOG.OPEN' }) }),
    getDialogProps: () => ({
      'data-part': 'dialog',
      'data-state': state,
      open: state !== 'closed',
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'DIALOG.CLOSE' });
      },
    }),
    /** Busy, not disabled, while the reset is sent: the focus stays on it (form.connect's busyButton). */
    getConfirmProps: () => ({ 'data-part': 'confirm', 'data-state': state, busy, ...busyButton(busy, () => send({ type: 'RESET.CONFIRM' })) }),
    getCloseProps: () => ({ 'data-part': 'close', 'data-state': state, ...busyButton(busy, () => send({ type: 'DIALOG.CLOSE' })) }),
    getPasswordProps: () => ({ 'data-part': 'password', 'data-state': state, value: password ?? '', readOnly: true }),
  };
}

export type PasswordResetApi = ReturnType<typeof connectPasswordReset>;
