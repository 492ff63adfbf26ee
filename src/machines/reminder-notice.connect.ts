import type { SnapshotFrom } from 'xstate';
import type { ReminderNoticeEvent, reminderNoticeMachine } from './reminder-notice.machine';

type Snapshot = SnapshotFrom<typeof reminderNoticeMachine>;

/** The notice's and the no-notify switch's props (Zag-style parts with data-state). */
export function connectReminderNotice(snapshot: Snapshot, send: (event: ReminderNoticeEvent) => void) {
  const open = snapshot.hasTag('notice');
  const saving = snapshot.hasTag('saving');
  const { noNotify, unread, serverMessage } = snapshot.context;
  return {
    open,
    unread,
    noNotify,
    saving,
    serverMessage,
    getNoticeProps: () => ({ 'data-part': 'notice', 'data-state': open ? 'open' : 'closed', 'data-testid': 'reminder-notice' }),
    getViewProps: () => ({ 'data-part': 'view', onClick: () => send({ type: 'NOTICE.OPEN' }) }),
    getStopProps: () => ({ 'data-part': 'stop', onClick: () => send({ type: 'PREFERENCE.SET', noNotify: true }) }),
    getCloseProps: () => ({ 'data-part': 'close', onClick: () => send({ type: 'NOTICE.DISMISS' }) }),
    /** For a Chakra Switch: the preference, and its change. */
    getSwitchProps: () => ({
      'data-part': 'preference',
      'data-state': noNotify ? 'checked' : 'unchecked',
      checked: noNotify,
      disabled: saving,
      onCheckedChange: (d: { checked: boolean }) => send({ type: 'PREFERENCE.SET', noNotify: d.checked }),
    }),
    dismiss: () => send({ type: 'NOTICE.DISMISS' }),
  };
}
