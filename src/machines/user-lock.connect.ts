import type { SnapshotFrom } from 'xstate';
import type { UserLockEvent, userLockMachine } from './user-lock.machine';
import { busyButton } from './form.connect';
import { DATE_TIME_FORMAT } from '../shared/constants';

type Snapshot = SnapshotFrom<typeof userLockMachine>;

export type UserLockState = 'closed' | 'loading' | 'loadFailed' | 'editing' | 'locking' | 'unlocking';

/**
 * The lock dialog's anatomy (Zag.js style): `trigger`, `dialog` (spread on Chakra's
 * Dialog.Root), `until` (the end's date-time input, DATE_TIME_FORMAT), `lock`, `unlock`, `retry` and `close`, each
 * with `data-part` and `data-state`.
 */
export function connectUserLock(snapshot: Snapshot, send: (event: UserLockEvent) => void) {
  const state = snapshot.value as UserLockState;
  const busy = snapshot.hasTag('busy');
  const { current, value, error, problem } = snapshot.context;
  const ready = state === 'editing';
  return {
    state,
    busy,
    open: state !== 'closed',
    loading: state === 'loading',
    loadFailed: state === 'loadFailed',
    /** The lock as read: locked until `lockedUntil`, or not locked. */
    current,
    error,
    /** A message key: what the form misses. */
    problem,
    getTriggerProps: () => ({ 'data-part': 'trigger', 'data-state': state, onClick: () => send({ type: 'DIALOG.OPEN' }) }),
    getDialogProps: () => ({
      'data-part': 'dialog',
      'data-state': state,
      open: state !== 'closed',
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'DIALOG.CLOSE' });
      },
    }),
    getUntilProps: () => ({
      'data-part': 'until',
      'data-state': problem ? 'invalid' : 'valid',
      pattern: DATE_TIME_FORMAT as typeof DATE_TIME_FORMAT,
      value,
      disabled: !ready,
      'aria-invalid': problem !== null,
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'FIELD.CHANGE', value: e.currentTarget.value }),
    }),
    /** Lock and unlock: busy (the pressed one with the spinner), not disabled, while either is sent. */
    getLockProps: () => ({ 'data-part': 'lock', 'data-state': state, busy: state === 'locking', ...busyButton(!ready, () => send({ type: 'LOCK.SUBMIT' })) }),
    /** Unlock is offered only while the user is locked. */
    getUnlockProps: () => ({ 'data-part': 'unlock', 'data-state': state, hidden: !current?.locked, busy: state === 'unlocking', ...busyButton(!ready, () => send({ type: 'UNLOCK.SUBMIT' })) }),
    getRetryProps: () => ({ 'data-part': 'retry', 'data-state': state, onClick: () => send({ type: 'LOAD.RETRY' }) }),
    getCloseProps: () => ({ 'data-part': 'close', 'data-state': state, ...busyButton(state === 'locking' || state === 'unlocking', () => send({ type: 'DIALOG.CLOSE' })) }),
  };
}

export type UserLockApi = ReturnType<typeof connectUserLock>;
