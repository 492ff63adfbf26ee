import type { SnapshotFrom } from 'xstate';
import { copyProblem, type CopyEvent, type dataAuthCopyMachine } from './data-auth-copy.machine';
import { busyButton } from './form.connect';

type Snapshot = SnapshotFrom<typeof dataAuthCopyMachine>;

export type CopyState = 'closed' | 'editing' | 'confirming' | 'copying' | 'done' | 'failed';

/**
 * The copy dialog's anatomy (Zag.js style): `trigger` (the toolbar button), `dialog` (spread on
 * Chakra's Dialog.Root), the two user fields `from` and `to`, and the buttons `request`
 * (next), `back`, `confirm`, `retry` and `close`, each with `data-part` and `data-state`.
 */
export function connectDataAuthCopy(snapshot: Snapshot, send: (event: CopyEvent) => void) {
  const state = snapshot.value as CopyState;
  const busy = snapshot.hasTag('busy');
  const { fromUser, toUser, copied, error } = snapshot.context;
  const problem = copyProblem(snapshot.context);
  const part = (name: string) => ({ 'data-part': name, 'data-state': state });
  return {
    state,
    busy,
    open: state !== 'closed',
    fromUser,
    toUser,
    copied,
    error,
    /** Both users chosen and the same: said under the fields (the server refuses it too, 2206). */
    same: problem === 'same',
    /** The users can be changed only while editing. */
    editable: state === 'editing',
    getTriggerProps: () => ({ ...part('trigger'), onClick: () => send({ type: 'DIALOG.OPEN' }) }),
    getDialogProps: () => ({
      ...part('dialog'),
      open: state !== 'closed',
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'DIALOG.CLOSE' });
      },
    }),
    getFromProps: () => ({ ...part('from'), value: fromUser, readOnly: state !== 'editing', onChange: (value: string) => send({ type: 'FROM.CHANGE', value }) }),
    getToProps: () => ({ ...part('to'), value: toUser, readOnly: state !== 'editing', onChange: (value: string) => send({ type: 'TO.CHANGE', value }) }),
    getRequestProps: () => ({ ...part('request'), hidden: state !== 'editing', disabled: problem !== null, onClick: () => send({ type: 'COPY.REQUEST' }) }),
    getBackProps: () => ({ ...part('back'), hidden: state !== 'confirming' && state !== 'failed', onClick: () => send({ type: 'COPY.BACK' }) }),
    /** Busy (spinner, aria-disabled), not disabled, while copying: the focus stays on it. */
    getConfirmProps: () => ({ ...part('confirm'), hidden: state !== 'confirming' && state !== 'copying', busy, ...busyButton(busy, () => send({ type: 'COPY.CONFIRM' })) }),
    getRetryProps: () => ({ ...part('retry'), hidden: state !== 'failed', onClick: () => send({ type: 'COPY.RETRY' }) }),
    getCloseProps: () => ({ ...part('close'), ...busyButton(busy, () => send({ type: 'DIALOG.CLOSE' })) }),
  };
}

export type DataAuthCopyApi = ReturnType<typeof connectDataAuthCopy>;
