import type { SnapshotFrom } from 'xstate';
import type { GrantDialogEvent, grantDialogMachine } from './grant-dialog.machine';
import { busyButton } from './form.connect';

type Snapshot = SnapshotFrom<typeof grantDialogMachine>;

export type GrantDialogState = 'closed' | 'loading' | 'loadFailed' | 'editing' | 'saving';

/**
 * The grant dialog's anatomy (Zag.js style): `trigger`, `dialog` (spread on Chakra's
 * Dialog.Root), `item` (a checkbox per choice, for lists), `tree` (Chakra's TreeView with
 * checkboxes: `checkedValue` / `onCheckedChange`, ids as strings), `save`, `retry` and `close`,
 * each with `data-part` and `data-state`.
 */
export function connectGrantDialog<Item = unknown>(snapshot: Snapshot, send: (event: GrantDialogEvent) => void) {
  const state = snapshot.value as GrantDialogState;
  const busy = snapshot.hasTag('busy');
  const { selected, error } = snapshot.context;
  const items = snapshot.context.items as Item[];
  const ready = state === 'editing';
  return {
    state,
    busy,
    open: state !== 'closed',
    loading: state === 'loading',
    loadFailed: state === 'loadFailed',
    items,
    selected,
    error,
    isSelected: (id: number) => selected.includes(id),
    getTriggerProps: () => ({ 'data-part': 'trigger', 'data-state': state, onClick: () => send({ type: 'DIALOG.OPEN' }) }),
    getDialogProps: () => ({
      'data-part': 'dialog',
      'data-state': state,
      open: state !== 'closed',
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'DIALOG.CLOSE' });
      },
    }),
    /** Spread on Chakra's Checkbox.Root. */
    getItemProps: (id: number) => ({
      'data-part': 'item',
      'data-state': selected.includes(id) ? 'checked' : 'unchecked',
      checked: selected.includes(id),
      disabled: !ready,
      onCheckedChange: () => send({ type: 'SELECTION.TOGGLE', id }),
    }),
    /** Spread on Chakra's TreeView.Root: the checked leaves; a branch's state follows them. */
    getTreeProps: () => ({
      'data-part': 'tree',
      'data-state': state,
      checkedValue: selected.map(String),
      onCheckedChange: (details: { checkedValue: string[] }) => send({ type: 'SELECTION.SET', ids: details.checkedValue.map(Number).filter((n) => Number.isInteger(n) && n > 0) }),
    }),
    /** Busy (spinner, aria-disabled), not disabled, while saving: the focus stays on it. */
    getSaveProps: () => ({ 'data-part': 'save', 'data-state': state, busy: state === 'saving', ...busyButton(!ready, () => send({ type: 'FORM.SUBMIT' })) }),
    getRetryProps: () => ({ 'data-part': 'retry', 'data-state': state, onClick: () => send({ type: 'LOAD.RETRY' }) }),
    getCloseProps: () => ({ 'data-part': 'close', 'data-state': state, ...busyButton(state === 'saving', () => send({ type: 'DIALOG.CLOSE' })) }),
  };
}

export type GrantDialogApi<Item = unknown> = ReturnType<typeof connectGrantDialog<Item>>;
