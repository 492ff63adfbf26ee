import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './message-of';

/**
 * Copying one user's data authorisation to another (portal-shell §1 "copy", §5 "data-auth copy
 * exists"; docs/data-auth.md): the administrator picks both users (`editing`), reads what will
 * happen (`confirming`: every grant in force, copied as new grants for review), and the call runs
 * (`copying`) to `done` (how many were copied) or `failed` (the server's refusal: the target
 * already has grants, the source has none…), from where the users can be changed or the call
 * tried again. Both users must be chosen and differ before the question is asked.
 *
 * Effects are injected: the actor `copyGrants({ fromUser, toUser }) → { copied }` and the
 * action `reportCopied` (the page reloads its rows).
 */
export interface CopyContext {
  fromUser: string;
  toUser: string;
  copied: number | null;
  error: string | null;
}

export type CopyEvent =
  | { type: 'DIALOG.OPEN' }
  | { type: 'DIALOG.CLOSE' }
  | { type: 'FROM.CHANGE'; value: string }
  | { type: 'TO.CHANGE'; value: string }
  | { type: 'COPY.REQUEST' }
  | { type: 'COPY.BACK' }
  | { type: 'COPY.CONFIRM' }
  | { type: 'COPY.RETRY' };

/** Why the users cannot be copied between yet, or null (pure: the guard and the connect step share it). */
export function copyProblem(context: Pick<CopyContext, 'fromUser' | 'toUser'>): 'missing' | 'same' | null {
  if (!context.fromUser || !context.toUser) return 'missing';
  return context.fromUser === context.toUser ? 'same' : null;
}

const blank: CopyContext = { fromUser: '', toUser: '', copied: null, error: null };

export const dataAuthCopyMachine = setup({
  types: { context: {} as CopyContext, events: {} as CopyEvent },
  actors: {
    copyGrants: fromPromise<{ copied: number }, { fromUser: string; toUser: string }>(async () => {
      throw new Error('copyGrants not provided');
    }),
  },
  guards: {
    usersChosen: ({ context }) => copyProblem(context) === null,
  },
  actions: {
    setFrom: assign({ fromUser: (_, value: string) => value, error: null }),
    setTo: assign({ toUser: (_, value: string) => value, error: null }),
    keepCopied: assign({ copied: (_, copied: number) => copied, error: null }),
    keepError: assign({ error: (_, error: unknown) => messageOf(error) }),
    clearError: assign({ error: null }),
    /** Closed: the next opening starts blank. */
    reset: assign(() => blank),
    reportCopied: () => undefined,
  },
}).createMachine({
  id: 'dataAuthCopy',
  context: blank,
  initial: 'closed',
  on: {
    'DIALOG.CLOSE': { target: '.closed', actions: 'reset' },
  },
  states: {
    closed: { on: { 'DIALOG.OPEN': 'editing' } },
    editing: {
      on: {
        'FROM.CHANGE': { actions: { type: 'setFrom', params: ({ event }) => event.value } },
        'TO.CHANGE': { actions: { type: 'setTo', params: ({ event }) => event.value } },
        'COPY.REQUEST': { guard: 'usersChosen', target: 'confirming' },
      },
    },
    confirming: {
      on: {
        'COPY.CONFIRM': 'copying',
        'COPY.BACK': 'editing',
      },
    },
    copying: {
      tags: ['busy'],
      // Closing while the call runs would leave its outcome unseen: the dialog waits for it.
      on: { 'DIALOG.CLOSE': {} },
      invoke: {
        src: 'copyGrants',
        input: ({ context }) => ({ fromUser: context.fromUser, toUser: context.toUser }),
        onDone: { target: 'done', actions: [{ type: 'keepCopied', params: ({ event }) => event.output.copied }, 'reportCopied'] },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    done: {},
    failed: {
      on: {
        'COPY.RETRY': { target: 'copying', actions: 'clearError' },
        'COPY.BACK': { target: 'editing', actions: 'clearError' },
      },
    },
  },
});
