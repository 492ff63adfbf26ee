import { assign, fromPromise, setup } from 'xstate';
import { messageOf as message } from './message-of';

/**
 * The unread-reminders notice and the no-notify preference behind it (shell §4). On arrival
 * in the shell (NOTICE.START, with the preference from the session info), unless the user
 * chose not to be notified, the unread reminders are counted and, when there are some, a
 * notice offers the way to them and to stop these notices. The preference is kept on this
 * computer (`rememberPreference`, provided) and on the server (`savePreference`); a refused
 * save puts it back.
 */
export interface ReminderNoticeContext {
  noNotify: boolean;
  /** The reminders were on screen on this arrival (their drawer opened, even before the count came back): no notice then. */
  seen: boolean;
  unread: number;
  serverMessage: string | null;
}

export type ReminderNoticeEvent =
  | { type: 'NOTICE.START'; noNotify: boolean }
  /** Closed, or the reminders are on screen anyway: the notice has done its job. */
  | { type: 'NOTICE.DISMISS' }
  | { type: 'NOTICE.OPEN' }
  | { type: 'PREFERENCE.SET'; noNotify: boolean };

export const reminderNoticeMachine = setup({
  types: { context: {} as ReminderNoticeContext, events: {} as ReminderNoticeEvent },
  actors: {
    countUnread: fromPromise<number>(async () => {
      throw new Error('countUnread not provided');
    }),
    savePreference: fromPromise<void, { noNotify: boolean }>(async () => {
      throw new Error('savePreference not provided');
    }),
  },
  guards: {
    isNoNotify: ({ context }) => context.noNotify,
    isWorthShowing: ({ context }) => context.unread > 0 && !context.seen,
  },
  actions: {
    keepPreference: assign({ noNotify: ({ context, event }) => (event.type === 'NOTICE.START' || event.type === 'PREFERENCE.SET' ? event.noNotify : context.noNotify) }),
    revertPreference: assign({ noNotify: ({ context }) => !context.noNotify }),
    keepUnread: assign((_, unread: number) => ({ unread })),
    clearUnread: assign({ unread: 0 }),
    markSeen: assign({ seen: true }),
    clearServerMessage: assign({ serverMessage: null }),
    keepServerMessage: assign({ serverMessage: ({ event }) => message((event as { error?: unknown }).error) }),
    /** Keeps the preference on this computer (isNoNotify): provided by the shell. */
    rememberPreference: (_, _noNotify: boolean) => {},
    /** Opens the reminders drawer: provided by the shell. */
    openReminders: () => {},
  },
}).createMachine({
  id: 'reminderNotice',
  context: { noNotify: false, seen: false, unread: 0, serverMessage: null },
  initial: 'idle',
  // The reminders drawer may open before the count is back (an address naming it): noted in
  // any state, so the notice never shows over reminders already on screen.
  on: { 'NOTICE.DISMISS': { actions: 'markSeen' } },
  states: {
    idle: {
      on: { 'NOTICE.START': { target: 'checking', actions: 'keepPreference' } },
    },
    checking: {
      always: [{ guard: 'isNoNotify', target: 'quiet' }, { target: 'counting' }],
    },
    counting: {
      invoke: {
        src: 'countUnread',
        onDone: { target: 'deciding', actions: { type: 'keepUnread', params: ({ event }) => event.output } },
        // No count, no notice: the reminders drawer still lists them.
        onError: 'quiet',
      },
    },
    deciding: {
      always: [{ guard: 'isWorthShowing', target: 'showing' }, { target: 'quiet' }],
    },
    showing: {
      tags: ['notice'],
      on: {
        'NOTICE.DISMISS': { target: 'quiet', actions: ['clearUnread', 'markSeen'] },
        'NOTICE.OPEN': { target: 'quiet', actions: ['clearUnread', 'openReminders'] },
        'PREFERENCE.SET': { target: 'saving', actions: 'clearUnread' },
      },
    },
    quiet: {
      on: { 'PREFERENCE.SET': 'saving' },
    },
    saving: {
      tags: ['saving'],
      entry: ['keepPreference', 'clearServerMessage', { type: 'rememberPreference', params: ({ context }) => context.noNotify }],
      invoke: {
        src: 'savePreference',
        input: ({ context }) => ({ noNotify: context.noNotify }),
        onDone: 'quiet',
        onError: { target: 'quiet', actions: ['revertPreference', { type: 'rememberPreference', params: ({ context }) => context.noNotify }, 'keepServerMessage'] },
      },
    },
  },
});
