import { expect, jest } from '@jest/globals';
import { profileMachine, saveInput, type Loaded } from '../../src/machines/profile.machine';
import { connectProfile } from '../../src/machines/profile.connect';
import { AUTOSAVE_INTERVAL_MS, AUTOSAVE_NOTICE_TICK } from '../../src/shared/constants';
import { describeModel } from './support/model';

const profile = { userCode: 'staff', userName: '张会计', userNameEn: 'Zhang', email: 'staff@example.invalid', gender: 'BOY' };
const withDraft: Loaded = { profile, draft: { values: { email: 'typed@example.invalid', gender: 'GIRL' }, savedAt: 1_700_000_000_000 } };
const declined = Object.assign(new Error('cancelled'), { cancelled: true });
const drafts: unknown[] = [];
let dropped = 0;
let announced = 0;

// Ticks stop counting at AUTOSAVE_NOTICE_TICK, so the walk can count them all and reach the notice.
const serializeState = (s: { value: unknown; context: { values: unknown; errors: object; dirty: boolean; ticks: number; serverMessage: string | null; restoredAt: number | null } }) =>
  JSON.stringify([s.value, s.context.values, Object.keys(s.context.errors), s.context.dirty, s.context.ticks, s.context.serverMessage, s.context.restoredAt]);

describeModel(profileMachine, {
  serializeState: serializeState as never,
  events: {
    'FIELD.CHANGE': [
      { field: 'email', value: 'not-an-address' },
      { field: 'email', value: 'new@example.invalid' },
      { field: 'password', value: 'Staff@2026' },
    ],
  },
  actors: {
    loadProfile: { outputs: [{ profile }, withDraft], errors: [new Error('offline')] },
    saveProfile: { outputs: [{ ...profile, email: 'new@example.invalid' }], errors: [new Error('登录已过期'), declined] },
  },
  provide: {
    actions: {
      storeDraft: (_: unknown, params: { values: unknown }) => void drafts.push(params.values),
      dropDraft: () => void (dropped += 1),
      announceSaved: () => void (announced += 1),
    },
  },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') {
      drafts.length = 0;
      dropped = 0;
      announced = 0;
    }
    // Whatever happened, what the user typed is what the form shows.
    if (step.event.type === 'FIELD.CHANGE') {
      const { field, value } = step.event as unknown as { field: 'email' | 'password'; value: string };
      expect(snapshot.context.values[field]).toBe(value);
    }
  },
  states: {
    loading: (snapshot) => expect(connectProfile(snapshot as never, () => undefined).loading).toBe(true),
    failed: (snapshot) => expect(snapshot.context.serverMessage).toBe('offline'),
    editing: (snapshot, step, run) => {
      const view = connectProfile(snapshot as never, () => undefined);
      expect([view.field('email').readOnly, view.getSaveProps().busy, view.getSaveProps()['aria-disabled']]).toEqual([false, false, undefined]);
      if (step.event.type.startsWith('xstate.done.actor') && snapshot.context.restoredAt !== null) {
        // A restored draft wins over the loaded values, and the notice says so.
        expect(view.field('email').value).toBe('typed@example.invalid');
        expect(view.field('gender').value).toBe('GIRL');
      }
      if (step.event.type.startsWith('xstate.after')) {
        expect(run.clock.now()).toBeGreaterThanOrEqual(AUTOSAVE_INTERVAL_MS);
        // Autosave stores the draft only when there is something unsaved.
        if (snapshot.context.dirty) expect(drafts.at(-1)).toEqual(snapshot.context.values);
      }
      expect(view.autosaved).toBe(snapshot.context.dirty && snapshot.context.ticks >= AUTOSAVE_NOTICE_TICK);
      if (step.event.type.startsWith('xstate.error.actor') && snapshot.context.serverMessage === null) expect(snapshot.context.values.email).not.toBe('');
      // Saved: the draft dropped, and the shell told (its name and watermark follow the profile).
      if (snapshot.context.savedNotice) expect([dropped, announced, snapshot.context.dirty]).toEqual([1, 1, false]);
      const { email, password } = snapshot.context.errors;
      if (email) expect(email.key).toBe('request.profile.error.email');
      // Changing the e-mail asks for the current password, and a save without it is refused here.
      expect(view.passwordNeeded).toBe(snapshot.context.profile !== null && snapshot.context.values.email !== snapshot.context.profile.email);
      if (password) expect([password.key, view.passwordNeeded, snapshot.context.values.password]).toEqual(['request.profile.error.passwordNeeded', true, '']);
    },
    'editing.counting': (snapshot) => expect(connectProfile(snapshot as never, () => undefined).autosaved).toBe(false),
    // The notice is a state the walk reaches: the AUTOSAVE_NOTICE_TICK-th autosave since the last edit, not before.
    'editing.noticed': (snapshot, step, run) => {
      expect(connectProfile(snapshot as never, () => undefined).autosaved).toBe(true);
      expect(snapshot.context.ticks).toBe(AUTOSAVE_NOTICE_TICK);
      expect(run.clock.now()).toBeGreaterThanOrEqual(AUTOSAVE_NOTICE_TICK * AUTOSAVE_INTERVAL_MS);
      expect(drafts.at(-1)).toEqual(snapshot.context.values);
      if (step.event.type === 'FIELD.CHANGE') throw new Error('an edit must hide the notice');
    },
    saving: (snapshot, _step, run) => {
      // Busy, not disabled: the field Enter was pressed in is read-only and keeps the focus; Save
      // shows the spinner, keeps the focus and a second press sends nothing.
      const events: unknown[] = [];
      const view = connectProfile(snapshot as never, (e) => events.push(e));
      const save = view.getSaveProps();
      expect([view.field('email').readOnly, save.busy, save['aria-disabled'], 'disabled' in save]).toEqual([true, true, true, false]);
      const press = { preventDefault: jest.fn() };
      save.onClick(press);
      expect([press.preventDefault.mock.calls.length, events]).toEqual([1, []]);
      // The values are kept as a draft before the call goes out: a 401 now loses nothing.
      expect(drafts.at(-1)).toEqual(snapshot.context.values);
      expect(run.inputs.saveProfile?.at(-1)).toEqual(saveInput(snapshot.context.values, snapshot.context.profile));
      // The password goes out only with an e-mail change, and then it is never empty.
      const sent = run.inputs.saveProfile?.at(-1) as { email: string; password: string };
      if (sent.email !== snapshot.context.profile?.email) expect(sent.password).not.toBe('');
      else expect(sent.password).toBe('');
    },
  },
});
