import { assign, fromPromise, setup } from 'xstate';
import { isDateTimeText } from '../shared/date-format';
import { messageOf } from './message-of';

/**
 * An administrator locks a user until a time, or unlocks them (issue 10 point 3, "change
 * locked time"): the dialog reads the current lock, takes a new end time or an unlock, saves,
 * and closes telling the page (`announceSaved`, provided by the view: the list reloads). A
 * failed read offers a retry; a refused save stays in the dialog with the server's message and
 * what was typed.
 *
 * The calls are injected: `loadLock() → { locked, lockedUntil }` and
 * `saveLock({ lockedUntil }) → { locked, lockedUntil }` (`lockedUntil` is the input's local
 * time as typed, or null to unlock; the view turns it into the server's ISO time).
 */
export interface LockState {
  locked: boolean;
  /** ISO time the lock ends, or null when not locked. */
  lockedUntil: string | null;
}

export interface UserLockContext {
  current: LockState | null;
  /** The new end time as typed (local time, DATE_TIME_FORMAT when complete), '' when none. */
  value: string;
  error: string | null;
  /** What is missing in the form (a message key), when the user submits without it. */
  problem: string | null;
}

export type UserLockEvent =
  | { type: 'DIALOG.OPEN' }
  | { type: 'DIALOG.CLOSE' }
  | { type: 'LOAD.RETRY' }
  | { type: 'FIELD.CHANGE'; value: string }
  | { type: 'LOCK.SUBMIT' }
  | { type: 'UNLOCK.SUBMIT' };

export const userLockMachine = setup({
  types: { context: {} as UserLockContext, events: {} as UserLockEvent },
  actors: {
    loadLock: fromPromise<LockState, void>(async () => {
      throw new Error('loadLock not provided');
    }),
    saveLock: fromPromise<LockState, { lockedUntil: string | null }>(async () => {
      throw new Error('saveLock not provided');
    }),
  },
  guards: {
    isMissing: ({ context }) => context.value.trim() === '',
    /** The end is a minute as DATE_TIME_FORMAT writes it (a slip is named, never sent). */
    isMinute: ({ context }) => isDateTimeText(context.value),
  },
  actions: {
    reset: assign({ current: null, value: '', error: null, problem: null }),
    keepCurrent: assign({ current: (_, state: LockState) => state, error: null }),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    setValue: assign({ value: ({ event }) => (event as { value: string }).value, problem: null, error: null }),
    flagMissing: assign({ problem: 'admin.lock.required' }),
    flagBadTime: assign({ problem: 'admin.lock.badTime' }),
    /** Tells the page the lock changed (the view provides it: reload the rows). */
    announceSaved: () => {},
  },
}).createMachine({
  id: 'userLock',
  context: { current: null, value: '', error: null, problem: null },
  initial: 'closed',
  states: {
    closed: { on: { 'DIALOG.OPEN': { target: 'loading', actions: 'reset' } } },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadLock',
        onDone: { target: 'editing', actions: { type: 'keepCurrent', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'keepError' },
      },
      on: { 'DIALOG.CLOSE': 'closed' },
    },
    loadFailed: {
      on: {
        'LOAD.RETRY': 'loading',
        'DIALOG.CLOSE': 'closed',
      },
    },
    editing: {
      on: {
        'FIELD.CHANGE': { actions: 'setValue' },
        'LOCK.SUBMIT': [{ guard: 'isMissing', actions: 'flagMissing' }, { guard: 'isMinute', target: 'locking' }, { actions: 'flagBadTime' }],
        'UNLOCK.SUBMIT': 'unlocking',
        'DIALOG.CLOSE': 'closed',
      },
    },
    locking: {
      tags: ['busy'],
      invoke: {
        src: 'saveLock',
        input: ({ context }) => ({ lockedUntil: context.value }),
        onDone: { target: 'closed', actions: 'announceSaved' },
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
    unlocking: {
      tags: ['busy'],
      invoke: {
        src: 'saveLock',
        input: () => ({ lockedUntil: null }),
        onDone: { target: 'closed', actions: 'announceSaved' },
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
  },
});
