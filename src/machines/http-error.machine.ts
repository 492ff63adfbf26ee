import { assign, fromPromise, setup } from 'xstate';
import type { PreconditionEvent } from '../services/http/events';

/**
 * The 412 confirmation of shell §8: no toast; a dialog asks, with the answer's data as its
 * parameters and its headers naming the target URL, method and certificate redirect URL. On
 * confirmation the original request is sent again with the validation flag (the `resend`
 * actor); declining lets it fail quietly (`cancelPending`). 412s that arrive while one is
 * open wait their turn. Effects are provided by the widget: this file is pure.
 */
/** A held request waiting for the user's answer: exactly what the client reports on a 412. */
export type Confirmation = PreconditionEvent;

export interface HttpErrorContext {
  queue: Confirmation[];
}

export type HttpErrorEvent =
  | ({ type: 'CONFIRM.REQUEST' } & Confirmation)
  | { type: 'CONFIRM.ACCEPT' }
  | { type: 'CONFIRM.CANCEL' };

export const httpErrorMachine = setup({
  types: {
    context: {} as HttpErrorContext,
    events: {} as HttpErrorEvent,
  },
  actors: {
    resend: fromPromise<unknown, Confirmation>(async () => {
      throw new Error('resend not provided');
    }),
  },
  guards: {
    hasMore: ({ context }) => context.queue.length > 1,
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) => {
        if (event.type !== 'CONFIRM.REQUEST') return context.queue;
        const { type: _type, ...item } = event;
        return [...context.queue, item];
      },
    }),
    shift: assign({ queue: ({ context }) => context.queue.slice(1) }),
    /** Fail the held request quietly: provided by the widget. */
    cancelPending: (_, _params: { id: number }) => {},
    /** After a confirmed certificate call, go where the answer said: provided by the widget. */
    followRedirect: (_, _params: { url: string | null }) => {},
  },
}).createMachine({
  id: 'httpError',
  context: { queue: [] },
  initial: 'idle',
  states: {
    idle: {
      on: { 'CONFIRM.REQUEST': { target: 'confirming', actions: 'enqueue' } },
    },
    confirming: {
      tags: ['open'],
      on: {
        'CONFIRM.REQUEST': { actions: 'enqueue' },
        'CONFIRM.ACCEPT': 'resending',
        'CONFIRM.CANCEL': [
          { guard: 'hasMore', target: 'confirming', reenter: true, actions: [{ type: 'cancelPending', params: ({ context }) => ({ id: context.queue[0]!.id }) }, 'shift'] },
          { target: 'idle', actions: [{ type: 'cancelPending', params: ({ context }) => ({ id: context.queue[0]!.id }) }, 'shift'] },
        ],
      },
    },
    resending: {
      tags: ['open', 'busy'],
      on: { 'CONFIRM.REQUEST': { actions: 'enqueue' } },
      invoke: {
        src: 'resend',
        input: ({ context }) => context.queue[0]!,
        onDone: [
          { guard: 'hasMore', target: 'confirming', actions: [{ type: 'followRedirect', params: ({ context }) => ({ url: context.queue[0]!.redirectUrl }) }, 'shift'] },
          { target: 'idle', actions: [{ type: 'followRedirect', params: ({ context }) => ({ url: context.queue[0]!.redirectUrl }) }, 'shift'] },
        ],
        // The client already reported the failure (a toast) and failed the original call.
        onError: [
          { guard: 'hasMore', target: 'confirming', actions: 'shift' },
          { target: 'idle', actions: 'shift' },
        ],
      },
    },
  },
});
