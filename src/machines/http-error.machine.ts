import { assign, fromPromise, setup } from 'xstate';

/**
 * The page's one confirmation queue: the 412 confirmation of shell §8 and the questions asked
 * before acting (a delete, "cancel all", "clear"). One dialog at a time; whatever arrives
 * while one is open waits its turn, and each item is settled exactly once, so two overlapping
 * `remove()` calls both get their answer.
 *
 * A 412 (no toast) shows the answer's data as its parameters; confirming sends the original
 * request again with the validation flag (the `resend` actor) and then follows the
 * certificate redirect URL (`followRedirect`); declining fails it quietly (`decline`). A
 * question is answered yes (`agree`) or no (`decline`). Effects are provided by the widget:
 * this file is pure.
 *
 * A 412 that asks for a certificate (`certificate` set) is not a yes/no question: the
 * certificate dialog validates and answers CONFIRM.CERTIFIED with the server's flag, which the
 * resend carries; closing that dialog is CONFIRM.CANCEL (quiet, as declining).
 */
export type Confirmation = ({ kind: 'precondition'; /** The flag the certificate dialog obtained. */ validFlag?: string } & PreconditionEvent) | ({ kind: 'question' } & QuestionEvent);

/** A 412 held by the request layer (services/http/client.ts), to confirm or cancel. */
export interface PreconditionEvent {
  /** Identifies the held request for confirmPending / cancelPending. */
  id: number;
  /** The answer's data: the dialog's parameters. */
  params: Record<string, unknown>;
  /** The question to ask (the answer's data.message, else its msg). */
  message: string;
  targetUrl: string;
  method: string;
  redirectUrl: string | null;
  /**
   * The answer asked for a certificate (data.certRequired, CertRequired of the contract's cert
   * calls): the certificate dialog validates for `funcCode` instead of a yes/no question.
   */
  certificate: { funcCode: string } | null;
}

/** A question to the user (delete, cancel all, clear…): localised texts, answered through `answerQuestion`. */
export interface QuestionEvent {
  /** Identifies the waiting promise for answerQuestion. */
  id: number;
  title: string;
  message: string;
  ok: string;
  cancel: string;
  /** The action destroys something: the dialog's OK is red. */
  danger: boolean;
}

export interface HttpErrorContext {
  queue: Confirmation[];
}

export type HttpErrorEvent = ({ type: 'CONFIRM.REQUEST' } & Confirmation) | { type: 'CONFIRM.ACCEPT' } | { type: 'CONFIRM.CANCEL' } | { type: 'CONFIRM.CERTIFIED'; validFlag: string };

/** Which item an effect is about: its kind and its id (ids are unique per kind). */
export interface ConfirmationRef {
  kind: Confirmation['kind'];
  id: number;
}

const head = ({ context }: { context: HttpErrorContext }): ConfirmationRef => ({ kind: context.queue[0]!.kind, id: context.queue[0]!.id });

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
    /** The dialog shows a held 412: confirming sends it again. */
    isPrecondition: ({ context }) => context.queue[0]?.kind === 'precondition',
    /** The dialog shows a 412 that only a certificate validation confirms. */
    needsCertificate: ({ context }) => needsCertificate(context.queue[0]),
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) => {
        if (event.type !== 'CONFIRM.REQUEST') return context.queue;
        const { type: _type, ...item } = event;
        return [...context.queue, item as Confirmation];
      },
    }),
    shift: assign({ queue: ({ context }) => context.queue.slice(1) }),
    /** The certificate dialog's flag goes with the held request it confirms. */
    keepValidFlag: assign({
      queue: ({ context, event }) => {
        const [first, ...rest] = context.queue;
        if (event.type !== 'CONFIRM.CERTIFIED' || first?.kind !== 'precondition') return context.queue;
        return [{ ...first, validFlag: event.validFlag }, ...rest];
      },
    }),
    /** The user said no: a held 412 fails quietly, a question answers false. Provided by the widget. */
    decline: (_, _params: ConfirmationRef) => {},
    /** The user said yes to a question: it answers true. Provided by the widget. */
    agree: (_, _params: ConfirmationRef) => {},
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
        'CONFIRM.ACCEPT': [
          // No yes/no for a certificate confirmation: only its dialog's validation confirms it.
          { guard: 'needsCertificate' },
          { guard: 'isPrecondition', target: 'resending' },
          { guard: 'hasMore', target: 'confirming', reenter: true, actions: [{ type: 'agree', params: head }, 'shift'] },
          { target: 'idle', actions: [{ type: 'agree', params: head }, 'shift'] },
        ],
        'CONFIRM.CERTIFIED': { guard: 'needsCertificate', target: 'resending', actions: 'keepValidFlag' },
        'CONFIRM.CANCEL': [
          { guard: 'hasMore', target: 'confirming', reenter: true, actions: [{ type: 'decline', params: head }, 'shift'] },
          { target: 'idle', actions: [{ type: 'decline', params: head }, 'shift'] },
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
          { guard: 'hasMore', target: 'confirming', actions: [{ type: 'followRedirect', params: ({ context }) => ({ url: redirectOf(context.queue[0]) }) }, 'shift'] },
          { target: 'idle', actions: [{ type: 'followRedirect', params: ({ context }) => ({ url: redirectOf(context.queue[0]) }) }, 'shift'] },
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

export function needsCertificate(item: Confirmation | undefined): boolean {
  return item?.kind === 'precondition' && item.certificate !== null && item.certificate !== undefined;
}

function redirectOf(item: Confirmation | undefined): string | null {
  return item?.kind === 'precondition' ? item.redirectUrl : null;
}
