import type { SnapshotFrom } from 'xstate';
import type { ProfileEvent, ProfileField, profileMachine } from './profile.machine';
import { busyButton, busyField, fieldChange, submitProps } from './form.connect';
import { changesEmail } from '../shared/profile-rules';

type Snapshot = SnapshotFrom<typeof profileMachine>;
type Send = (event: ProfileEvent) => void;

/** "My profile" form props from the machine's snapshot; the view only renders them. */
export function connectProfile(snapshot: Snapshot, send: Send) {
  const busy = snapshot.hasTag('busy');
  const { context } = snapshot;
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    saving: snapshot.matches('saving'),
    profile: context.profile,
    serverMessage: context.serverMessage,
    restoredAt: context.restoredAt,
    autosaved: snapshot.hasTag('autosaved'),
    savedNotice: context.savedNotice,
    /** The e-mail is being changed: the form asks for the current password. */
    passwordNeeded: changesEmail(context.profile, context.values),
    field: (name: ProfileField) => ({
      name,
      value: context.values[name],
      // Read-only, not disabled, while busy: the keyboard's focus stays in the field Enter was pressed in.
      ...busyField(busy),
      error: context.errors[name] ?? null,
      onChange: fieldChange(send, name),
    }),
    formProps: submitProps(() => send({ type: 'FORM.SUBMIT' })),
    /** The submit button: busy (spinner, aria-disabled, a press does nothing) while saving, never disabled. */
    getSaveProps: () => ({
      'data-part': 'save',
      'data-state': snapshot.matches('saving') ? 'saving' : 'idle',
      type: 'submit' as const,
      busy: snapshot.matches('saving'),
      ...busyButton(busy),
    }),
    reload: () => send({ type: 'FORM.RELOAD' }),
  };
}
