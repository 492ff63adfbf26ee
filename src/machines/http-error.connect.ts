import type { SnapshotFrom } from 'xstate';
import { needsCertificate, type HttpErrorEvent, type httpErrorMachine } from './http-error.machine';

type Snapshot = SnapshotFrom<typeof httpErrorMachine>;
type Send = (event: HttpErrorEvent) => void;

/**
 * The confirmation dialog's props from the machine's snapshot; the dialog only renders them.
 * A question carries its own texts; a 412 has none (`title`, `okLabel`, `cancelLabel` are null: the
 * dialog uses the request layer's own).
 */
export function connectHttpError(snapshot: Snapshot, send: Send) {
  const current = snapshot.context.queue[0] ?? null;
  const busy = snapshot.hasTag('busy');
  const question = current?.kind === 'question' ? current : null;
  const certificate = needsCertificate(current ?? undefined) && current?.kind === 'precondition' ? current : null;
  return {
    /** The yes/no dialog; a certificate confirmation shows the certificate dialog instead. */
    open: snapshot.hasTag('open') && current !== null && certificate === null,
    busy,
    kind: current?.kind ?? null,
    message: current?.message ?? '',
    params: current?.kind === 'precondition' ? current.params : {},
    title: question?.title ?? null,
    okLabel: question?.ok ?? null,
    cancelLabel: question?.cancel ?? null,
    danger: question?.danger ?? false,
    /** How many more confirmations wait behind this one. */
    waiting: Math.max(0, snapshot.context.queue.length - 1),
    /**
     * The certificate dialog's request while it is the one to answer (not while the request is
     * sent again): the held request's id (a new dialog per request) and the function to validate for.
     */
    certificate: certificate && !busy ? { id: certificate.id, funcCode: certificate.certificate!.funcCode, message: certificate.message } : null,
    /** The certificate dialog validated: send the held request again with this flag. */
    certified: (validFlag: string) => send({ type: 'CONFIRM.CERTIFIED', validFlag }),
    getRootProps: () => ({ 'data-part': 'root', 'data-state': snapshot.hasTag('open') ? 'open' : 'closed', 'data-kind': current?.kind ?? undefined }),
    confirm: () => send({ type: 'CONFIRM.ACCEPT' }),
    cancel: () => {
      if (!busy) send({ type: 'CONFIRM.CANCEL' });
    },
  };
}
