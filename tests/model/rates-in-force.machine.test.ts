import { expect } from '@jest/globals';
import { ratesInForceMachine, type RateRow } from '../../src/machines/rates-in-force.machine';
import { connectRatesInForce } from '../../src/machines/rates-in-force.connect';
import { describeModel } from './support/model';

const row = (tenor: string, rateValue: number, effectiveDate: string): RateRow => ({
  rateCode: `LPR-CNY-${tenor}-${effectiveDate.replace(/-/g, '')}`,
  rateType: 'LPR',
  rateTypeName: '贷款市场报价利率',
  currencyCode: 'CNY',
  tenor,
  tenorName: tenor,
  rateValue,
  effectiveDate,
  sourceNo: 'RA000001',
});
const rows = [row('1Y', 3.1, '2024-10-21'), row('5Y', 3.6, '2024-12-01')];
const view = (snapshot: unknown) => connectRatesInForce(snapshot as never, (() => undefined) as never);

describeModel(ratesInForceMachine, {
  input: { date: '2024-12-01', lang: 'zh-CN' },
  events: {
    // A real day, half a day typed, and a whole day that is no day.
    'DATE.CHANGE': [{ value: '2024-10-20' }, { value: '2024-1' }, { value: '2025-02-30' }],
    'LANG.CHANGE': [{ lang: 'en-US' }, { lang: 'zh-CN' }],
  },
  actors: {
    loadRates: { outputs: [rows, []], errors: [new Error('offline')] },
  },
  onState: (snapshot, step) => {
    const api = view(snapshot);
    // What was typed is what the field shows, and a whole day that is no day says so.
    expect(api.getDateProps().value).toBe(snapshot.context.date);
    expect(api.badDay).toBe(snapshot.context.date === '2025-02-30');
    if (step.event.type === 'DATE.CHANGE') expect(snapshot.context.date).toBe((step.event as unknown as { value: string }).value);
  },
  serializeState: ((s: { value: unknown; context: Record<string, unknown> }) => JSON.stringify([s.value, s.context.lang, s.context.date, s.context.asked, s.context.shownDate, (s.context.rows as unknown[]).length, s.context.serverMessage])) as never,
  states: {
    loading: (snapshot, step, run) => {
      // Only a real day is asked for: the last one typed (a half-typed day meanwhile is not asked, nor retried),
      // in the language shown (a change of language asks the same day again, keeping what is typed).
      expect(run.inputs.loadRates?.at(-1)).toEqual({ date: snapshot.context.asked, lang: snapshot.context.lang });
      if (step.event.type === 'LANG.CHANGE') expect(snapshot.context.lang).toBe((step.event as unknown as { lang: string }).lang);
      expect(['2024-12-01', '2024-10-20']).toContain(snapshot.context.asked);
      expect([view(snapshot).state, view(snapshot).getRootProps()['aria-busy']]).toEqual(['loading', true]);
    },
    ready: (snapshot, step) => {
      const api = view(snapshot);
      if (step.event.type.startsWith('xstate.done.actor')) {
        // The rows shown are of the day asked; a rate that took effect that day is marked.
        expect([api.shownDate, api.serverMessage]).toEqual([snapshot.context.asked, null]);
        expect(api.state).toBe(api.rows.length ? 'ready' : 'empty');
        if (api.rows.length) expect(api.rows.map((r) => api.getRowProps(r)['data-state'])).toEqual(api.shownDate === '2024-12-01' ? ['idle', 'new'] : ['idle', 'idle']);
      }
    },
    failed: (snapshot) => {
      const api = view(snapshot);
      expect([api.failed, api.serverMessage]).toEqual([true, 'offline']);
    },
  },
});
