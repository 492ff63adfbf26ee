import { assign, fromPromise, setup } from 'xstate';
import { isCalendarDate } from '../shared/date-format';
import type { RateInForce } from '../shared/contract/rates';
import type { Language } from '../shared/constants';
import { messageOf } from './message-of';

/**
 * The interest rates in force on a day (the menu's 利率 page; docs/resources.md, "Benchmark
 * rates"): opened on today, asked again for each real day typed or picked. A day half typed is
 * kept as typed and not asked for (the field says so once it is a whole day that is no day); a
 * day asked while another is loading replaces it. A change of language asks the same day again
 * (the names of the types and tenors follow), keeping what is typed. The call (with the names
 * of the types and tenors) is provided by the view.
 */
/** A rate as the call answers it, with the names of its type and tenor in the reader's language. */
export type RateRow = RateInForce & { rateTypeName: string; tenorName: string };

export interface RatesInForceContext {
  /** The language the names are asked in. */
  lang: Language;
  /** The day as typed. */
  date: string;
  /** The last real day asked for: what a load (and a retry) asks, whatever is typed meanwhile. */
  asked: string;
  /** The day the rows are of (null before the first answer). */
  shownDate: string | null;
  rows: RateRow[];
  serverMessage: string | null;
}

export type RatesInForceEvent = { type: 'DATE.CHANGE'; value: string } | { type: 'RETRY' } | { type: 'LANG.CHANGE'; lang: Language };

const WHOLE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A whole day typed that is no day of the calendar (2025-02-30): said beside the field. */
export const isBadDay = (date: string) => WHOLE_DAY.test(date) && !isCalendarDate(date);

export const ratesInForceMachine = setup({
  types: { context: {} as RatesInForceContext, events: {} as RatesInForceEvent, input: {} as { date: string; lang: Language } },
  actors: {
    loadRates: fromPromise<RateRow[], { date: string; lang: Language }>(async () => {
      throw new Error('loadRates not provided');
    }),
  },
  guards: {
    /** The language shown is not the one the names are in. */
    isOtherLanguage: ({ context, event }) => event.type === 'LANG.CHANGE' && event.lang !== context.lang,
    isDay: ({ event }) => event.type === 'DATE.CHANGE' && WHOLE_DAY.test(event.value) && isCalendarDate(event.value),
  },
  actions: {
    setDate: assign({ date: ({ context, event }) => (event.type === 'DATE.CHANGE' ? event.value : context.date) }),
    setLang: assign({ lang: ({ context, event }) => (event.type === 'LANG.CHANGE' ? event.lang : context.lang) }),
    askDay: assign({ asked: ({ context, event }) => (event.type === 'DATE.CHANGE' ? event.value : context.asked) }),
    applyRows: assign(({ context, event }) => ({ rows: (event as unknown as { output: RateRow[] }).output, shownDate: context.asked, serverMessage: null })),
    keepError: assign({ serverMessage: ({ event }) => messageOf((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'ratesInForce',
  context: ({ input }) => ({ lang: input.lang, date: input.date, asked: input.date, shownDate: null, rows: [], serverMessage: null }),
  initial: 'loading',
  // A real day is asked for at once (replacing a day still loading); anything else is only kept as typed.
  on: {
    'DATE.CHANGE': [{ guard: 'isDay', target: '.loading', reenter: true, actions: ['setDate', 'askDay'] }, { actions: 'setDate' }],
    'LANG.CHANGE': { guard: 'isOtherLanguage', target: '.loading', reenter: true, actions: 'setLang' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadRates',
        input: ({ context }) => ({ date: context.asked, lang: context.lang }),
        onDone: { target: 'ready', actions: 'applyRows' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    ready: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
