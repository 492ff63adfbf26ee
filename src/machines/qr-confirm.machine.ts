import { assign, fromPromise, setup } from 'xstate';
import { messageOf as message } from './message-of';

/**
 * The QR confirmation page (what a phone opens from the code): it loads which browser asks to
 * log in as this user (time, address, browser), and the user confirms it or leaves. A code
 * already used or expired is only shown as such. `loadDetail` and `confirmCode` are provided
 * by the page; the phone's own session is not touched by confirming (the server keeps it).
 */
export interface QrConfirmDetail {
  status: 'waiting' | 'confirmed' | 'expired' | 'consumed';
  createdAt: string;
  expiresAt: string;
  clientAddress: string | null;
  userAgent: string | null;
}

export interface QrConfirmContext {
  qrId: string;
  detail: QrConfirmDetail | null;
  serverMessage: string | null;
}

export type QrConfirmEvent = { type: 'QR.CONFIRM' } | { type: 'QR.RETRY' };

export const qrConfirmMachine = setup({
  types: { context: {} as QrConfirmContext, events: {} as QrConfirmEvent, input: {} as { qrId: string } },
  actors: {
    loadDetail: fromPromise<QrConfirmDetail, { qrId: string }>(async () => {
      throw new Error('loadDetail not provided');
    }),
    confirmCode: fromPromise<void, { qrId: string }>(async () => {
      throw new Error('confirmCode not provided');
    }),
  },
  guards: {
    isWaiting: ({ context }) => context.detail?.status === 'waiting',
  },
  actions: {
    keepDetail: assign((_, detail: QrConfirmDetail) => ({ detail, serverMessage: null })),
    keepServerMessage: assign({ serverMessage: ({ event }) => message((event as { error?: unknown }).error) }),
    clearServerMessage: assign({ serverMessage: null }),
  },
}).createMachine({
  id: 'qrConfirm',
  context: ({ input }) => ({ qrId: input.qrId, detail: null, serverMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearServerMessage',
      invoke: {
        src: 'loadDetail',
        input: ({ context }) => ({ qrId: context.qrId }),
        onDone: { target: 'deciding', actions: { type: 'keepDetail', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'keepServerMessage' },
      },
    },
    deciding: {
      always: [{ guard: 'isWaiting', target: 'asking' }, { target: 'unavailable' }],
    },
    failed: { on: { 'QR.RETRY': 'loading' } },
    asking: { on: { 'QR.CONFIRM': 'confirming' } },
    confirming: {
      tags: ['busy'],
      entry: 'clearServerMessage',
      invoke: {
        src: 'confirmCode',
        input: ({ context }) => ({ qrId: context.qrId }),
        onDone: 'confirmed',
        onError: { target: 'asking', actions: 'keepServerMessage' },
      },
    },
    /** Used or expired: nothing to confirm. */
    unavailable: { type: 'final' },
    confirmed: { type: 'final' },
  },
});
