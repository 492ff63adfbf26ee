import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './message-of';

/**
 * The save-or-submit flow of an edit form (widgets §4 "Save or submit flow", issue 11 point 3):
 *
 * 1. validate the embedded pages (`validateEmbedded` → their failure messages; any = failure,
 *    shown joined by commas, widgets §8),
 * 2. run the before-save check (`beforeSave` → null to go on, or the message it refuses with),
 * 3. validate the form (`validateForm` → the problems found; any = failure; the form shows
 *    them in place),
 * 4. save or submit the embedded pages (`saveEmbedded({mode})` → their failure messages),
 * 5. emit the save or submit (`commit({mode})`, the real call).
 *
 * On success the stored draft is removed and autosave stops (the injected actions
 * `removeDraft` and `stopAutosave`), and the flow is `done`. A failure at any step (a
 * non-empty answer or a rejected actor) goes back to `idle` naming the step (`failedStep`) with
 * its message. The machine never holds the form's values: the form keeps everything typed.
 */
export type FlowMode = 'save' | 'submit';
export type FlowStep = 'embeddedValidation' | 'beforeSave' | 'formValidation' | 'embeddedSave' | 'commit';

/** Embedded pages' failures are joined by commas (widgets §8). */
export const joinFailures = (messages: readonly string[]): string => messages.join(',');

export interface SaveSubmitContext {
  mode: FlowMode | null;
  failedStep: FlowStep | null;
  message: string | null;
}

export type SaveSubmitEvent = { type: 'FLOW.SAVE' } | { type: 'FLOW.SUBMIT' };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

export const saveSubmitMachine = setup({
  types: { context: {} as SaveSubmitContext, events: {} as SaveSubmitEvent },
  actors: {
    validateEmbedded: fromPromise<string[], { mode: FlowMode }>(notProvided('validateEmbedded')),
    beforeSave: fromPromise<string | null, { mode: FlowMode }>(notProvided('beforeSave')),
    validateForm: fromPromise<string[], { mode: FlowMode }>(notProvided('validateForm')),
    saveEmbedded: fromPromise<string[], { mode: FlowMode }>(notProvided('saveEmbedded')),
    commit: fromPromise<unknown, { mode: FlowMode }>(notProvided('commit')),
  },
  guards: {
    /** A list of failure messages with at least one. */
    hasFailures: (_, messages: string[]) => messages.length > 0,
    /** The before-save check answered with a refusal. */
    isRefused: (_, refusal: string | null) => refusal !== null && refusal !== undefined,
  },
  actions: {
    startSave: assign({ mode: 'save', failedStep: null, message: null }),
    startSubmit: assign({ mode: 'submit', failedStep: null, message: null }),
    failWith: assign((_, params: { step: FlowStep; message: string }) => ({ failedStep: params.step, message: params.message })),
    /** Injected: the form's stored draft is done with. */
    removeDraft: () => {},
    /** Injected: tells the autosave machine to stop ('AUTOSAVE.STOP'). */
    stopAutosave: () => {},
  },
}).createMachine({
  id: 'saveSubmit',
  context: { mode: null, failedStep: null, message: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'FLOW.SAVE': { target: 'validatingEmbedded', actions: 'startSave' },
        'FLOW.SUBMIT': { target: 'validatingEmbedded', actions: 'startSubmit' },
      },
    },
    validatingEmbedded: {
      tags: ['running'],
      invoke: {
        src: 'validateEmbedded',
        input: ({ context }) => ({ mode: context.mode! }),
        onDone: [
          {
            guard: { type: 'hasFailures', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'failWith', params: ({ event }) => ({ step: 'embeddedValidation' as const, message: joinFailures(event.output) }) },
          },
          { target: 'checkingBeforeSave' },
        ],
        onError: { target: 'idle', actions: { type: 'failWith', params: ({ event }) => ({ step: 'embeddedValidation' as const, message: messageOf(event.error) }) } },
      },
    },
    checkingBeforeSave: {
      tags: ['running'],
      invoke: {
        src: 'beforeSave',
        input: ({ context }) => ({ mode: context.mode! }),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'failWith', params: ({ event }) => ({ step: 'beforeSave' as const, message: event.output ?? '' }) },
          },
          { target: 'validatingForm' },
        ],
        onError: { target: 'idle', actions: { type: 'failWith', params: ({ event }) => ({ step: 'beforeSave' as const, message: messageOf(event.error) }) } },
      },
    },
    validatingForm: {
      tags: ['running'],
      invoke: {
        src: 'validateForm',
        input: ({ context }) => ({ mode: context.mode! }),
        onDone: [
          {
            guard: { type: 'hasFailures', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'failWith', params: ({ event }) => ({ step: 'formValidation' as const, message: joinFailures(event.output) }) },
          },
          { target: 'savingEmbedded' },
        ],
        onError: { target: 'idle', actions: { type: 'failWith', params: ({ event }) => ({ step: 'formValidation' as const, message: messageOf(event.error) }) } },
      },
    },
    savingEmbedded: {
      tags: ['running'],
      invoke: {
        src: 'saveEmbedded',
        input: ({ context }) => ({ mode: context.mode! }),
        onDone: [
          {
            guard: { type: 'hasFailures', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'failWith', params: ({ event }) => ({ step: 'embeddedSave' as const, message: joinFailures(event.output) }) },
          },
          { target: 'committing' },
        ],
        onError: { target: 'idle', actions: { type: 'failWith', params: ({ event }) => ({ step: 'embeddedSave' as const, message: messageOf(event.error) }) } },
      },
    },
    committing: {
      tags: ['running'],
      invoke: {
        src: 'commit',
        input: ({ context }) => ({ mode: context.mode! }),
        onDone: { target: 'done', actions: ['removeDraft', 'stopAutosave'] },
        onError: { target: 'idle', actions: { type: 'failWith', params: ({ event }) => ({ step: 'commit' as const, message: messageOf(event.error) }) } },
      },
    },
    done: { type: 'final' },
  },
});
