import { and, assign, fromPromise, setup } from 'xstate';
import { withField } from './form-values';
import { AUTOSAVE_INTERVAL_MS, AUTOSAVE_NOTICE_TICK, GENDERS } from '../shared/constants';
import { PROFILE_LIMITS, changesEmail, isEmail, type Profile, type ProfileValues } from '../shared/profile-rules';
import { messageOf } from './message-of';

/**
 * "My profile": load, edit, save; unsaved input kept as a draft (widgets §8) every
 * AUTOSAVE_INTERVAL_MS while it differs from what was loaded, and at every submit, so a 401 or
 * a reload loses nothing. The calls and the draft store are provided by the view.
 */
export type ProfileField = keyof ProfileValues;

export interface Loaded {
  profile: Profile;
  /** A draft of this user's, to restore over the loaded values. */
  draft?: { values: Partial<ProfileValues>; savedAt: number };
}

export interface ProfileContext {
  profile: Profile | null;
  values: ProfileValues;
  /** Field → locale key (with its params) of a client-side refusal. */
  errors: Partial<Record<ProfileField, { key: string; params?: Record<string, unknown> }>>;
  serverMessage: string | null;
  dirty: boolean;
  /** Epoch ms of the draft restored on open, for the notice. */
  restoredAt: number | null;
  /** Autosave ticks since the last edit that were saved; the guard `reachesNoticeTick` moves to `editing.noticed` at the AUTOSAVE_NOTICE_TICK-th. */
  ticks: number;
  savedNotice: boolean;
}

export type ProfileEvent = { type: 'FIELD.CHANGE'; field: ProfileField; value: string } | { type: 'FORM.SUBMIT' } | { type: 'FORM.RELOAD' };

const EMPTY: ProfileValues = { userNameEn: '', email: '', gender: '', password: '' };

export function validateProfile(values: ProfileValues, profile: Profile | null): ProfileContext['errors'] {
  const errors: ProfileContext['errors'] = {};
  if (values.userNameEn.length > PROFILE_LIMITS.userNameEn) errors.userNameEn = { key: 'request.profile.error.tooLong', params: { max: PROFILE_LIMITS.userNameEn } };
  const email = values.email.trim();
  if (email.length > PROFILE_LIMITS.email) errors.email = { key: 'request.profile.error.tooLong', params: { max: PROFILE_LIMITS.email } };
  else if (email !== '' && !isEmail(email)) errors.email = { key: 'request.profile.error.email' };
  if (changesEmail(profile, values) && values.password === '') errors.password = { key: 'request.profile.error.passwordNeeded' };
  return errors;
}

/** What a save sends: trimmed, and the password only when the e-mail changes. */
export function saveInput(values: ProfileValues, profile: Profile | null): ProfileValues {
  const input = { ...values, userNameEn: values.userNameEn.trim(), email: values.email.trim() };
  return changesEmail(profile, input) ? input : { ...input, password: '' };
}

const gender = (value: string | undefined) => ((GENDERS as readonly string[]).includes(value ?? '') ? value! : '');

export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent },
  actors: {
    loadProfile: fromPromise<Loaded>(async () => {
      throw new Error('loadProfile not provided');
    }),
    saveProfile: fromPromise<Profile, ProfileValues>(async () => {
      throw new Error('saveProfile not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateProfile(context.values, context.profile)).length === 0,
    isDirty: ({ context }) => context.dirty,
    /** This tick is the one from which the "saved as a draft" notice shows. */
    reachesNoticeTick: ({ context }) => context.ticks + 1 >= AUTOSAVE_NOTICE_TICK,
  },
  actions: {
    applyLoaded: assign(({ event }) => {
      const { profile, draft } = (event as unknown as { output: Loaded }).output;
      const loaded = { userNameEn: profile.userNameEn, email: profile.email, gender: gender(profile.gender), password: '' };
      const values = draft ? { ...loaded, ...draft.values, gender: gender(draft.values.gender ?? loaded.gender), password: '' } : loaded;
      return { profile, values, errors: {}, serverMessage: null, restoredAt: draft?.savedAt ?? null, dirty: draft !== undefined, ticks: 0, savedNotice: false };
    }),
    keepLoadError: assign({ serverMessage: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD.CHANGE') return {};
      const values = withField(context.values, event);
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values, errors, dirty: true, ticks: 0, serverMessage: null, savedNotice: false };
    }),
    flagInvalid: assign({ errors: ({ context }) => validateProfile(context.values, context.profile) }),
    countTick: assign({ ticks: ({ context }) => Math.min(context.ticks + 1, AUTOSAVE_NOTICE_TICK) }),
    applySaved: assign(({ event }) => {
      const profile = (event as unknown as { output: Profile }).output;
      return { profile, values: { userNameEn: profile.userNameEn, email: profile.email, gender: gender(profile.gender), password: '' }, dirty: false, restoredAt: null, ticks: 0, savedNotice: true, serverMessage: null };
    }),
    // A declined confirmation is not an error; any other failure keeps the values and says why.
    // Back from a save, the draft notice counts again from zero (editing starts in `counting`).
    keepSaveError: assign({
      serverMessage: ({ event }) => {
        const error = (event as { error?: unknown }).error as { cancelled?: boolean } | undefined;
        return error?.cancelled ? null : messageOf(error);
      },
      ticks: 0,
    }),
    /** Store the values as this form's draft: provided by the view. */
    storeDraft: (_, _params: { values: ProfileValues }) => {},
    /** The draft is done with after a save: provided by the view. */
    dropDraft: () => {},
    /** The saved profile changes what the shell shows of the user (name, watermark): provided by the view. */
    announceSaved: () => {},
  },
  delays: { autosave: AUTOSAVE_INTERVAL_MS },
}).createMachine({
  id: 'profile',
  context: { profile: null, values: EMPTY, errors: {}, serverMessage: null, dirty: false, restoredAt: null, ticks: 0, savedNotice: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      // Asked again while loading: start over; the earlier answer is no longer wanted.
      on: { 'FORM.RELOAD': { target: 'loading', reenter: true } },
      invoke: {
        src: 'loadProfile',
        onDone: { target: 'editing', actions: 'applyLoaded' },
        onError: { target: 'failed', actions: 'keepLoadError' },
      },
    },
    failed: {
      on: { 'FORM.RELOAD': 'loading' },
    },
    editing: {
      initial: 'counting',
      on: {
        'FORM.SUBMIT': [
          { guard: 'isValid', target: 'saving', actions: { type: 'storeDraft', params: ({ context }) => ({ values: context.values }) } },
          { actions: 'flagInvalid' },
        ],
        'FORM.RELOAD': 'loading',
      },
      states: {
        // Autosave every AUTOSAVE_INTERVAL_MS while something is unsaved; typing does not restart the timer.
        counting: {
          on: { 'FIELD.CHANGE': { actions: 'setField' } },
          after: {
            autosave: [
              { guard: and(['isDirty', 'reachesNoticeTick']), target: 'noticed', actions: [{ type: 'storeDraft', params: ({ context }) => ({ values: context.values }) }, 'countTick'] },
              { guard: 'isDirty', target: 'counting', reenter: true, actions: [{ type: 'storeDraft', params: ({ context }) => ({ values: context.values }) }, 'countTick'] },
              { target: 'counting', reenter: true },
            ],
          },
        },
        // The AUTOSAVE_NOTICE_TICK-th autosave since the last edit: the view says the input is kept as a draft.
        noticed: {
          tags: ['autosaved'],
          on: { 'FIELD.CHANGE': { target: 'counting', actions: 'setField' } },
          after: { autosave: { target: 'noticed', reenter: true, actions: { type: 'storeDraft', params: ({ context }) => ({ values: context.values }) } } },
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => saveInput(context.values, context.profile),
        onDone: { target: 'editing', actions: ['applySaved', 'dropDraft', 'announceSaved'] },
        onError: { target: 'editing', actions: 'keepSaveError' },
      },
    },
  },
});
