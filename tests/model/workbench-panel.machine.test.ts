import { expect } from '@jest/globals';
import { workbenchPanelMachine, type PanelResult } from '../../src/machines/workbench-panel.machine';
import { connectWorkbenchPanel } from '../../src/machines/workbench-panel.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof workbenchPanelMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectWorkbenchPanel(s, () => undefined, 'balances');

/** Paths are named by the answer's name, not its whole text (a non-enumerable toJSON: the data are unchanged). */
const named = <T extends object>(name: string, data: T): T => Object.defineProperty(data, 'toJSON', { value: () => name, enumerable: false });
const SOME: PanelResult = named('some', { data: { currencies: [{ currencyCode: 'CNY', accounts: 3, total: 1200 }] }, count: 1 });
const NONE: PanelResult = named('none', { data: { currencies: [] }, count: 0 });
const refused = Object.assign(new Error('登录已过期'), { status: 200, code: 1001 });
const unreachable = Object.assign(new Error('连接服务器失败'), { status: 0, code: undefined });
/** What the panel last asked to remember (the cash flow keeps its window and currency). */
let remembered: Record<string, unknown> | null = null;

/**
 * The workbench panel (issue 15 point 4): every dashboard panel loads on its own, then shows
 * its data, its empty text or its error (the server's msg, or the generic error) with a retry;
 * a loaded or empty panel reloads, with new parameters when given (the cash flow's window),
 * which it asks to remember.
 */
describeModel(workbenchPanelMachine, {
  input: { params: { days: 30 } },
  events: { 'PANEL.RETRY': [{}], 'PANEL.RELOAD': [{}, { params: { days: 7 } }] },
  actors: { loadPanel: { outputs: [SOME, NONE], errors: [refused, unreachable] } },
  provide: { actions: { rememberParams: (_: unknown, params: Record<string, unknown>) => void (remembered = params) } },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.count, s.context.failure, s.context.params])) as never,
  onState: (s) => {
    const api = view(s);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'panel', 'data-state': api.state, 'data-testid': 'workbench-balances', 'aria-busy': api.busy });
    expect(api.getRetryProps().hidden).toBe(!s.matches('failed'));
    expect(api.getBodyProps().hidden).toBe(!s.matches('ready'));
    expect(api.getStatusProps().hidden).toBe(s.matches('ready'));
  },
  states: {
    loading: (s, step, run) => {
      const api = view(s);
      expect([api.busy, api.statusKey, api.message, api.data]).toEqual([true, 'workbench.loading', null, null]);
      // Disabled, yet focusable: the keyboard's focus stays on the button that started the load.
      expect(api.getReloadProps()['aria-disabled']).toBe(true);
      expect(api.getParamsProps({ days: 7 }, false)['aria-disabled']).toBe(true);
      expect(api.getReloadProps()).not.toHaveProperty('disabled');
      // The loader gets the panel's parameters: the first window, or the one a reload asked for.
      expect(run.inputs.loadPanel?.at(-1)).toEqual(s.context.params);
      expect([{ days: 30 }, { days: 7 }]).toContainEqual(s.context.params);
      // A reload keeps the last answer at hand (the cash flow's currency list does not blink away).
      if (step.event.type === 'PANEL.RELOAD') expect([SOME.data, NONE.data]).toContain(api.answered);
      else expect([null, SOME.data, NONE.data]).toContain(api.answered);
      // A reload remembers the parameters it loads with (the user's new window among them).
      if (step.event.type === 'PANEL.RELOAD') expect(remembered).toEqual(s.context.params);
    },
    ready: (s) => {
      const api = view(s);
      expect([api.busy, api.statusKey, api.message, api.count]).toEqual([false, null, null, 1]);
      expect(api.data).toBe(SOME.data);
      expect(api.getReloadProps()['aria-disabled']).toBe(false);
      expect(api.getParamsProps({ days: 7 }, false)).toMatchObject({ 'aria-disabled': false, 'aria-pressed': false });
    },
    empty: (s) => {
      const api = view(s);
      expect([api.statusKey, api.message, api.data, api.count]).toEqual(['workbench.balances.empty', null, null, 0]);
      // An empty answer is still an answer: header controls read it (the cash flow's currencies).
      expect(api.answered).toBe(NONE.data);
      expect(api.getStatusProps()).toMatchObject({ role: 'status', 'data-state': 'empty' });
    },
    failed: (s) => {
      const api = view(s);
      // A non-zero code shows the server's msg; no answer shows the generic error.
      if (s.context.failure?.kind === 'refused') expect([api.message, api.statusKey]).toEqual(['登录已过期', null]);
      else expect([api.message, api.statusKey]).toEqual([null, 'workbench.error']);
      expect(api.getStatusProps().role).toBe('alert');
      expect([api.busy, api.getReloadProps()['aria-disabled']]).toEqual([false, true]);
    },
  },
});
