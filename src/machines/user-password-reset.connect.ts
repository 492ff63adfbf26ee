import type { SnapshotFrom } from 'xstate';
import type { PasswordResetEvent, userPasswordResetMachine } from './user-password-reset.machine';

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
    getConfirmProps: () => ({ 'data-part': 'confirm', 'data-state': state, disabled: busy, onClick: () => send({ type: 'RESET.CONFIRM' }) }),
    getCloseProps: () => ({ 'data-part': 'close', 'data-state': state, disabled: busy, onClick: () => send({ type: 'DIALOG.CLOSE' }) }),
    getPasswordProps: () => ({ 'data-part': 'password', 'data-state': state, value: password ?? '', readOnly: true }),
  };
}

export type PasswordResetApi = ReturnType<typeof connectPasswordReset>;
