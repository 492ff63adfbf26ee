import type { SnapshotFrom } from 'xstate';
import type { LoginEvent, loginMachine, LoginValues } from './login.machine';
import { busyButton, busyField, fieldChange, submitProps } from './form.connect';

type Snapshot = SnapshotFrom<typeof loginMachine>;
type Send = (event: LoginEvent) => void;

/** Turns the login machine's snapshot into what the form renders; the view only spreads it. */
export function connectLogin(snapshot: Snapshot, send: Send) {
  const busy = snapshot.hasTag('busy');
  return {
    busy,
    errorKey: snapshot.context.errorKey,
    serverMessage: snapshot.context.serverMessage,
    field: (name: keyof LoginValues) => ({
      name,
      value: snapshot.context.values[name],
      ...busyField(busy),
      onChange: fieldChange(send, name),
    }),
    formProps: submitProps(() => send({ type: 'FORM.SUBMIT' })),
    getSubmitProps: () => ({ 'data-part': 'submit', 'data-state': busy ? 'busy' : 'idle', type: 'submit' as const, busy, ...busyButton(busy) }),
  };
}
