import type { SnapshotFrom } from 'xstate';
import type { PasswordChangeEvent, passwordChangeMachine, PasswordChangeValues } from './password-change.machine';
import { busyButton, busyField, fieldChange, submitProps } from './form.connect';

type Snapshot = SnapshotFrom<typeof passwordChangeMachine>;

/** What the password-change form renders. */
export function connectPasswordChange(snapshot: Snapshot, send: (event: PasswordChangeEvent) => void) {
  const busy = snapshot.hasTag('busy');
  const { values, problems, serverMessage } = snapshot.context;
  const refused = problems.length > 0 || serverMessage !== null;
  return {
    busy,
    changed: snapshot.matches('changed'),
    problems,
    serverMessage,
    invalid: (name: keyof PasswordChangeValues) => refused && (name !== 'oldPassword' || values.oldPassword === ''),
    field: (name: keyof PasswordChangeValues) => ({
      name,
      value: values[name],
      ...busyField(busy),
      onChange: (e: { currentTarget: { value: string } }) => {
        // Typing again after a change starts a new one.
        if (snapshot.matches('changed')) send({ type: 'FORM.RESET' });
        fieldChange(send, name)(e);
      },
    }),
    formProps: submitProps(() => send({ type: 'FORM.SUBMIT' })),
    getSubmitProps: () => ({ 'data-part': 'submit', 'data-state': busy ? 'busy' : 'idle', type: 'submit' as const, busy, ...busyButton(busy) }),
  };
}
