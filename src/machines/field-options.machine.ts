import { assign, fromPromise, setup } from 'xstate';
import { REMOTE_FILTER_DELAY_MS, type Language } from '../shared/constants';
import type { TemplateOption } from '../shared/dynamic-form';
import { messageOf } from './message-of';

/**
 * The options of one choice field of a dynamic form (widgets §3 dataType; docs/dynamic-forms.md):
 * asked for in the reader's language when the field appears, again when the language changes,
 * and, for a remote select with remote search, again once the search typed rests for
 * REMOTE_FILTER_DELAY_MS (cleared, at once). The options had stay listed while the next ones
 * load; a load that fails says so with a retry, and lists nothing rather than the options of
 * another search. Leaving a loading state drops its call: an older answer never lands.
 *
 * Where the options come from is the injected actor `loadOptions({lang, search})`.
 */
export interface FieldOptionsContext {
  lang: Language;
  /** Whether the field searches remotely (a remote select with dropDownListRemoteSearch). */
  remote: boolean;
  /** The search as typed. */
  search: string;
  options: TemplateOption[];
  failure: string | null;
}

export type FieldOptionsEvent = { type: 'SEARCH.CHANGE'; search: string } | { type: 'LANG.CHANGE'; lang: Language } | { type: 'RETRY' };

export const fieldOptionsMachine = setup({
  types: { context: {} as FieldOptionsContext, events: {} as FieldOptionsEvent, input: {} as { lang: Language; remote: boolean } },
  actors: {
    loadOptions: fromPromise<TemplateOption[], { lang: Language; search: string }>(async () => {
      throw new Error('loadOptions not provided');
    }),
  },
  delays: { searchRest: REMOTE_FILTER_DELAY_MS },
  guards: {
    isOtherLanguage: ({ context, event }) => event.type === 'LANG.CHANGE' && event.lang !== context.lang,
    /** A remote search cleared: the unfiltered options are asked for at once. */
    isCleared: ({ context, event }) => context.remote && event.type === 'SEARCH.CHANGE' && event.search.trim() === '',
    isRemote: ({ context }) => context.remote,
  },
  actions: {
    setLang: assign({ lang: ({ context, event }) => (event.type === 'LANG.CHANGE' ? event.lang : context.lang) }),
    setSearch: assign({ search: ({ context, event }) => (event.type === 'SEARCH.CHANGE' ? event.search : context.search) }),
    keepOptions: assign(({ event }) => ({ options: (event as unknown as { output: TemplateOption[] }).output, failure: null })),
    keepFailure: assign({ options: () => [], failure: ({ event }) => messageOf((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'fieldOptions',
  context: ({ input }) => ({ lang: input.lang, remote: input.remote, search: '', options: [], failure: null }),
  initial: 'loading',
  on: {
    'LANG.CHANGE': { guard: 'isOtherLanguage', target: '.loading', reenter: true, actions: 'setLang' },
    'SEARCH.CHANGE': [
      { guard: 'isCleared', target: '.loading', reenter: true, actions: 'setSearch' },
      { guard: 'isRemote', target: '.waiting', reenter: true, actions: 'setSearch' },
    ],
  },
  states: {
    waiting: {
      tags: ['busy'],
      after: { searchRest: 'loading' },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadOptions',
        input: ({ context }) => ({ lang: context.lang, search: context.remote ? context.search.trim() : '' }),
        onDone: { target: 'ready', actions: 'keepOptions' },
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    ready: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
