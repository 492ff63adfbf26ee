import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './message-of';

/**
 * The user's colour theme and navigation colour, saved as they are chosen (the settings drawer,
 * the Themes page): a choice is applied at once (`applyChoice`, provided: the page repaints),
 * then saved on the server. A choice made while one is being saved waits for it and is saved
 * next, so the server ends with the last choice whatever order answers come in. A refused save
 * puts back the choice the server holds and says why, unless a newer choice waited for it: that
 * one is the user's last word, so it is saved instead (and puts back, if refused in turn).
 */
export interface ThemeChoice {
  themeName: string;
  navColor: string;
}

export interface ThemeChoiceContext {
  /** What the server holds (as far as this page knows): where a refused save goes back to. */
  saved: ThemeChoice;
  /** The choice on screen; saved, or to be saved. */
  chosen: ThemeChoice;
  /** The choice the save under way sends (null at rest): a refusal of it drops no newer choice. */
  sending: ThemeChoice | null;
  serverMessage: string | null;
}

export type ThemeChoiceEvent =
  | { type: 'THEME.CHOOSE'; themeName?: string; navColor?: string }
  /** The server's choice arrived another way (the session info at the shell's start): already applied. */
  | { type: 'THEME.SYNC'; choice: ThemeChoice };

const same = (a: ThemeChoice, b: ThemeChoice) => a.themeName === b.themeName && a.navColor === b.navColor;

export const themeChoiceMachine = setup({
  types: { context: {} as ThemeChoiceContext, events: {} as ThemeChoiceEvent, input: {} as { choice: ThemeChoice } },
  actors: {
    saveChoice: fromPromise<ThemeChoice, ThemeChoice>(async () => {
      throw new Error('saveChoice not provided');
    }),
  },
  guards: {
    /** The choice on screen is not the one the server answered with (chosen again meanwhile). */
    isChosenSinceSave: ({ context, event }) => !same(context.chosen, (event as unknown as { output: ThemeChoice }).output),
    /** A choice was made while the refused save was under way. */
    isChosenSinceSending: ({ context }) => context.sending !== null && !same(context.chosen, context.sending),
  },
  actions: {
    choose: assign({
      chosen: ({ context, event }) => (event.type === 'THEME.CHOOSE' ? { themeName: event.themeName ?? context.chosen.themeName, navColor: event.navColor ?? context.chosen.navColor } : context.chosen),
      serverMessage: null,
    }),
    sync: assign(({ event }) => (event.type === 'THEME.SYNC' ? { saved: event.choice, chosen: event.choice } : {})),
    keepSaved: assign({ saved: ({ event }) => (event as unknown as { output: ThemeChoice }).output }),
    noteSending: assign({ sending: ({ context }) => context.chosen }),
    forgetSending: assign({ sending: null }),
    revert: assign({ chosen: ({ context }) => context.saved, serverMessage: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    /** Shows a choice (repaints the page, remembers it on this computer): provided by the view. */
    applyChoice: (_, _choice: ThemeChoice) => {},
    /** The server holds a new choice (the shell keeps its session info up to date): provided by the view. */
    announceSaved: (_, _choice: ThemeChoice) => {},
  },
}).createMachine({
  id: 'themeChoice',
  context: ({ input }) => ({ saved: input.choice, chosen: input.choice, sending: null, serverMessage: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'THEME.CHOOSE': { target: 'saving', actions: ['choose', { type: 'applyChoice', params: ({ context }) => context.chosen }] },
        'THEME.SYNC': { actions: 'sync' },
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'noteSending',
      exit: 'forgetSending',
      // Shown at once; saved once the save under way has answered.
      on: { 'THEME.CHOOSE': { actions: ['choose', { type: 'applyChoice', params: ({ context }) => context.chosen }] } },
      invoke: {
        src: 'saveChoice',
        input: ({ context }) => context.chosen,
        onDone: [
          { guard: 'isChosenSinceSave', target: 'saving', reenter: true, actions: ['keepSaved', { type: 'announceSaved', params: ({ event }) => event.output }] },
          { target: 'idle', actions: ['keepSaved', { type: 'announceSaved', params: ({ event }) => event.output }] },
        ],
        onError: [
          { guard: 'isChosenSinceSending', target: 'saving', reenter: true },
          { target: 'idle', actions: ['revert', { type: 'applyChoice', params: ({ context }) => context.chosen }] },
        ],
      },
    },
  },
});
