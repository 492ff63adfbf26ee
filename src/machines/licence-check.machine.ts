import { assign, fromPromise, setup } from 'xstate';
import { LICENCE_TEXT_MAX } from '../shared/constants';
import type { LicenceCheckAnswer } from '../shared/contract/licence';
import { messageOf } from './message-of';

/**
 * Checking a product licence file handed back (docs/licences.md, "Checking a licence"): the
 * administrator pastes the file's text or opens the file (`reading`), asks (`checking`), and
 * reads the answer (`checked`): whether this deployment signed it, its dates, and whether the
 * register still holds it. Changing the text puts the answer away (it was the old text's); a
 * failed call keeps the text and can be tried again. The file is read by the injected actor
 * `readFile` (refused when it is too long to be a licence), the check by `checkLicence`.
 */
export interface LicenceCheckContext {
  text: string;
  answer: LicenceCheckAnswer | null;
  error: string | null;
}

export type LicenceCheckEvent =
  | { type: 'DIALOG.OPEN' }
  | { type: 'DIALOG.CLOSE' }
  | { type: 'TEXT.CHANGE'; value: string }
  | { type: 'FILE.CHOOSE'; file: Blob }
  | { type: 'CHECK.REQUEST' }
  | { type: 'CHECK.RETRY' };

/** Why the text cannot be checked yet, or null (the guard and the connect step share it). */
export function textProblem(text: string): 'empty' | 'tooLong' | null {
  if (!text.trim()) return 'empty';
  return text.length > LICENCE_TEXT_MAX ? 'tooLong' : null;
}

const blank: LicenceCheckContext = { text: '', answer: null, error: null };

export const licenceCheckMachine = setup({
  types: { context: {} as LicenceCheckContext, events: {} as LicenceCheckEvent },
  actors: {
    readFile: fromPromise<string, { file: Blob }>(async () => {
      throw new Error('readFile not provided');
    }),
    checkLicence: fromPromise<LicenceCheckAnswer, { text: string }>(async () => {
      throw new Error('checkLicence not provided');
    }),
  },
  guards: {
    textCheckable: ({ context }) => textProblem(context.text) === null,
  },
  actions: {
    setText: assign({ text: (_, value: string) => value, answer: null, error: null }),
    keepAnswer: assign({ answer: (_, answer: LicenceCheckAnswer) => answer, error: null }),
    keepError: assign({ error: (_, error: unknown) => messageOf(error) }),
    clearError: assign({ error: null }),
    /** Another file chosen: the answer was the old text's, and a failed read says so on its own. */
    forgetOutcome: assign({ answer: null, error: null }),
    /** Closed: the next opening starts blank. */
    reset: assign(() => blank),
  },
}).createMachine({
  id: 'licenceCheck',
  context: blank,
  initial: 'closed',
  on: {
    'DIALOG.CLOSE': { target: '.closed', actions: 'reset' },
  },
  states: {
    closed: { on: { 'DIALOG.OPEN': 'editing' } },
    editing: {
      on: {
        'TEXT.CHANGE': { actions: { type: 'setText', params: ({ event }) => event.value } },
        'FILE.CHOOSE': { target: 'reading', actions: 'forgetOutcome' },
        'CHECK.REQUEST': { guard: 'textCheckable', target: 'checking' },
      },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        src: 'readFile',
        input: ({ event }) => ({ file: (event as Extract<LicenceCheckEvent, { type: 'FILE.CHOOSE' }>).file }),
        onDone: { target: 'editing', actions: { type: 'setText', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkLicence',
        input: ({ context }) => ({ text: context.text }),
        onDone: { target: 'checked', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    checked: {
      on: {
        'TEXT.CHANGE': { target: 'editing', actions: { type: 'setText', params: ({ event }) => event.value } },
        'FILE.CHOOSE': { target: 'reading', actions: 'forgetOutcome' },
      },
    },
    failed: {
      on: {
        'CHECK.RETRY': { target: 'checking', actions: 'clearError' },
        'TEXT.CHANGE': { target: 'editing', actions: { type: 'setText', params: ({ event }) => event.value } },
        'FILE.CHOOSE': { target: 'reading', actions: 'forgetOutcome' },
      },
    },
  },
});
