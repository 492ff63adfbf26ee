import { assign, fromPromise, setup } from 'xstate';
import type { Language } from '../shared/constants';
import { messageOf } from './message-of';

/**
 * The template a new dynamic form is built from (issue 11 point 7; the '/dynamic-form' page):
 * the enabled templates are asked for in the reader's language, one is chosen, and a new form
 * is opened from it. A list that could not be had says so with a retry, never as "no
 * templates". A change of language asks again and keeps the choice when the template is still
 * offered. The call is provided by the view.
 */
export interface TemplateOption {
  code: string;
  name: string;
}

export interface TemplateChoiceContext {
  lang: Language;
  templates: TemplateOption[];
  /** The chosen template's code; '' before a choice. */
  code: string;
  failure: string | null;
}

export type TemplateChoiceEvent = { type: 'TEMPLATE.CHOOSE'; code: string } | { type: 'RETRY' } | { type: 'LANG.CHANGE'; lang: Language };

export const templateChoiceMachine = setup({
  types: { context: {} as TemplateChoiceContext, events: {} as TemplateChoiceEvent, input: {} as { lang: Language } },
  actors: {
    loadTemplates: fromPromise<TemplateOption[], { lang: Language }>(async () => {
      throw new Error('loadTemplates not provided');
    }),
  },
  guards: {
    /** The language shown is not the one the list is in. */
    isOtherLanguage: ({ context, event }) => event.type === 'LANG.CHANGE' && event.lang !== context.lang,
    /** A code the list offers, or none (the placeholder). */
    isOffered: ({ context, event }) => event.type === 'TEMPLATE.CHOOSE' && (event.code === '' || context.templates.some((x) => x.code === event.code)),
  },
  actions: {
    setLang: assign({ lang: ({ context, event }) => (event.type === 'LANG.CHANGE' ? event.lang : context.lang) }),
    choose: assign({ code: ({ context, event }) => (event.type === 'TEMPLATE.CHOOSE' ? event.code : context.code) }),
    /** The list as answered; a choice the list no longer offers is dropped. */
    keepTemplates: assign(({ context, event }) => {
      const templates = (event as unknown as { output: TemplateOption[] }).output;
      return { templates, code: templates.some((x) => x.code === context.code) ? context.code : '', failure: null };
    }),
    keepFailure: assign({ failure: ({ event }) => messageOf((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'templateChoice',
  context: ({ input }) => ({ lang: input.lang, templates: [], code: '', failure: null }),
  initial: 'loading',
  on: {
    'LANG.CHANGE': { guard: 'isOtherLanguage', target: '.loading', reenter: true, actions: 'setLang' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadTemplates',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: { target: 'ready', actions: 'keepTemplates' },
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    ready: {
      on: { 'TEMPLATE.CHOOSE': { guard: 'isOffered', actions: 'choose' } },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
