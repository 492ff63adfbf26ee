import type { SnapshotFrom } from 'xstate';
import type { PasswordChangeEvent, passwordChangeMachine, PasswordChangeValues } from './password-change.machine';
import { busyButton, busyField, fieldChange, submitProps } from './form.connect';

type Snapshot = SnapshotFrom<typeof passwordChangeMachine>;

/** What the password-change form renders. */
export function connectPasswordChange(snapshot: Snapshot, send: (event: PasswordChangeEvent) => void) {
  const busy = snapshot.hasTag('busy');
  const { values, problems, serverMessage, serverField } = snapshot.context;
  return {
    busy,
    changed: snapshot.matches('changed'),
    problems,
    serverMessage,
    /**
     * The browser's own checks are about the new password (and a missing current one); a server's
     * refusal marks the field it names, the confirmation with the new password.
     */
    invalid: (name: keyof PasswordChangeValues) =>
      (problems.length > 0 && (name !== 'oldPassword' || values.oldPassword === '')) || (serverField !== null && (name === serverField || (serverField === 'newPassword' && name === 'confirmPassword'))),
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
