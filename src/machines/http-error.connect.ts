import type { SnapshotFrom } from 'xstate';
import type { HttpErrorEvent, httpErrorMachine } from './http-error.machine';

type Snapshot = SnapshotFrom<typeof httpErrorMachine>;
type Send = (event: HttpErrorEvent) => void;

/** The 412 dialog's props from the machine's snapshot; the dialog only renders them. */
export function connectHttpError(snapshot: Snapshot, send: Send) {
  const current = snapshot.context.queue[0] ?? null;
  const busy = snapshot.hasTag('busy');
  return {
    open: snapshot.hasTag('open') && current !== null,
    busy,
    message: current?.message ?? '',
    params: current?.params ?? {},
    /** How many more confirmations wait behind this one. */
    waiting: Math.max(0, snapshot.context.queue.length - 1),
    confirm: () => send({ type: 'CONFIRM.ACCEPT' }),
    cancel: () => {
      if (!busy) send({ type: 'CONFIRM.CANCEL' });
    },
  };
}
