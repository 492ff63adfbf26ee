import { assign, fromPromise, setup } from 'xstate';
import type { DataOf } from '../shared/contract/define';
import type { loginPage } from '../shared/contract/login-page';
import { messageOf } from './message-of';

/**
 * The login page's parameters (system title, login types, logos, forgot-password switch), asked
 * for in the reader's language and asked again when the language changes, since titles and
 * type names are localised (portal-shell §1). The page works without them (the password form
 * stands alone): a failure is a warning with a retry, and parameters already shown stay shown
 * while others load. While a retry runs the warning stays, its button busy (the keyboard's focus
 * stays on it); when the retry brings them, `restoreFocus` gives the focus to the form before the
 * warning goes (the view provides it; by default it does nothing).
 */
export type LoginPageParams = DataOf<typeof loginPage.params>;

export interface LoginPageContext {
  lang: string;
  params: LoginPageParams | null;
  error: string | null;
}

export type LoginPageEvent = { type: 'LANGUAGE.CHANGE'; lang: string } | { type: 'PARAMS.RETRY' };

export const loginPageMachine = setup({
  types: { context: {} as LoginPageContext, events: {} as LoginPageEvent, input: {} as { lang: string } },
  actors: {
    loadParams: fromPromise<LoginPageParams, { lang: string }>(async () => {
      throw new Error('loadParams not provided');
    }),
  },
  guards: {
    isOtherLanguage: ({ context, event }) => event.type === 'LANGUAGE.CHANGE' && event.lang !== context.lang,
  },
  actions: {
    keepParams: assign({ params: ({ event }) => (event as unknown as { output: LoginPageParams }).output, error: () => null }),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    keepLanguage: assign({ lang: ({ context, event }) => (event.type === 'LANGUAGE.CHANGE' ? event.lang : context.lang) }),
    restoreFocus: () => {},
  },
}).createMachine({
  id: 'loginPage',
  context: ({ input }) => ({ lang: input.lang, params: null, error: null }),
  initial: 'loading',
  on: {
    // Re-entered: a change while loading drops the answer in the old language.
    'LANGUAGE.CHANGE': { guard: 'isOtherLanguage', target: '.loading', reenter: true, actions: 'keepLanguage' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadParams',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: { target: 'ready', actions: 'keepParams' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    ready: {},
    failed: {
      on: { 'PARAMS.RETRY': 'retrying' },
    },
    retrying: {
      tags: ['busy'],
      invoke: {
        src: 'loadParams',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: { target: 'ready', actions: ['keepParams', 'restoreFocus'] },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
  },
});
