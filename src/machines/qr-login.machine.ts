import { assign, fromPromise, setup } from 'xstate';
import { QR_POLL_INTERVAL_MS } from '../shared/constants';
import { messageOf as message } from './message-of';

/**
 * QR-code login: the server issues a one-time code (shown as an image); the page asks every
 * QR_POLL_INTERVAL_MS whether a logged-in user confirmed it from the code's confirmation page;
 * once confirmed the page is logged in. A code that expires (or was used) offers a refresh.
 * The calls are the `generateCode` and `checkStatus` actors, provided by the view.
 */
export interface QrCode {
  qrId: string;
  qrImage: string;
  confirmUrl: string;
  expiresAt: string;
}

export type QrStatus = 'waiting' | 'confirmed' | 'expired' | 'consumed';

export interface QrStatusAnswer {
  status: QrStatus;
}

export interface QrLoginContext {
  code: QrCode | null;
  /** A message already localised by the server, or null. */
  serverMessage: string | null;
}

export type QrLoginEvent = { type: 'QR.REFRESH' };

export const qrLoginMachine = setup({
  types: { context: {} as QrLoginContext, events: {} as QrLoginEvent },
  actors: {
    generateCode: fromPromise<QrCode>(async () => {
      throw new Error('generateCode not provided');
    }),
    /** Asks about the code; when it is confirmed, the provider keeps the session it carries. */
    checkStatus: fromPromise<QrStatusAnswer, { qrId: string }>(async () => {
      throw new Error('checkStatus not provided');
    }),
  },
  delays: { pollInterval: QR_POLL_INTERVAL_MS },
  actions: {
    forgetCode: assign({ code: null, serverMessage: null }),
    keepCode: assign((_, code: QrCode) => ({ code })),
    keepServerMessage: assign({ serverMessage: ({ event }) => message((event as { error?: unknown }).error) }),
  },
  guards: {
    isConfirmed: (_, answer: QrStatusAnswer) => answer.status === 'confirmed',
    isSpent: (_, answer: QrStatusAnswer) => answer.status === 'expired' || answer.status === 'consumed',
  },
}).createMachine({
  id: 'qrLogin',
  context: { code: null, serverMessage: null },
  initial: 'generating',
  states: {
    generating: {
      tags: ['busy'],
      entry: 'forgetCode',
      invoke: {
        src: 'generateCode',
        onDone: { target: 'waiting', actions: { type: 'keepCode', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'keepServerMessage' },
      },
    },
    waiting: {
      tags: ['showCode'],
      after: { pollInterval: 'checking' },
    },
    checking: {
      tags: ['showCode'],
      invoke: {
        src: 'checkStatus',
        input: ({ context }) => ({ qrId: context.code!.qrId }),
        onDone: [
          { guard: { type: 'isConfirmed', params: ({ event }) => event.output }, target: 'loggedIn' },
          { guard: { type: 'isSpent', params: ({ event }) => event.output }, target: 'expired' },
          { target: 'waiting' },
        ],
        onError: { target: 'failed', actions: 'keepServerMessage' },
      },
    },
    expired: { on: { 'QR.REFRESH': 'generating' } },
    failed: { on: { 'QR.REFRESH': 'generating' } },
    loggedIn: { type: 'final' },
  },
});
