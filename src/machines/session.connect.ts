import type { SnapshotFrom } from 'xstate';
import { unauthorizedMessageKey } from '../shared/http-errors';
import type { SessionEvent, sessionMachine } from './session.machine';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Send = (event: SessionEvent) => void;

/** The 401 prompt's props from the session machine; the prompt only renders them. */
export function connectSession(snapshot: Snapshot, send: Send) {
  return {
    promptOpen: snapshot.hasTag('prompt'),
    /** Locale key of the prompt's text: expired (-998) or logged in elsewhere (-997). */
    messageKey: unauthorizedMessageKey(snapshot.context.code ?? undefined),
    confirm: () => send({ type: 'PROMPT.CONFIRM' }),
  };
}
