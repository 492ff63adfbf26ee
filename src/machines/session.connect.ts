import type { SnapshotFrom } from 'xstate';
import { unauthorizedMessageKey } from '../shared/http-errors';
import type { SessionEvent, sessionMachine } from './session.machine';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Send = (event: SessionEvent) => void;

/** The 401 prompt's props from the session machine; the prompt only renders them. */
export function connectSession(snapshot: Snapshot, send: Send) {
  const switched = snapshot.matches('switched');
  return {
    promptOpen: snapshot.hasTag('prompt'),
    /** Locale key of the prompt's text: expired (-998), logged in elsewhere (-997), or another user in this browser. */
    messageKey: switched ? 'request.session.switched' : unauthorizedMessageKey(snapshot.context.code ?? undefined),
    /** Whether the prompt says the draft is kept (not when the tab now belongs to someone else). */
    draftKept: !switched,
    /** The shell is loading its session info. */
    starting: snapshot.hasTag('starting'),
    loggingOut: snapshot.matches('loggingOut'),
    confirm: () => send({ type: 'PROMPT.CONFIRM' }),
  };
}
