import { expect } from '@jest/globals';
import { loginPageMachine, type LoginPageParams } from '../../src/machines/login-page.machine';
import { connectLoginPage } from '../../src/machines/login-page.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof loginPageMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectLoginPage(s, () => undefined);

/** Paths are named by the answer's name, not its whole text (a non-enumerable toJSON). */
const named = <T extends object>(name: string, data: T): T => Object.defineProperty(data, 'toJSON', { value: () => name, enumerable: false });
const PARAMS = named('params', {
  systemTitle: '资金管理平台',
  loginTypes: [{ value: 'password', text: '密码登录' }],
  logoFiles: [],
  qrExpiresSeconds: 120,
  qrPollIntervalMs: 2000,
  forgotPasswordEnabled: true,
  appDownloadEnabled: false,
} as unknown as LoginPageParams);
const down = new Error('连接服务器失败');
/** restoreFocus calls on this path, and how many retries brought the parameters on it. */
let focused = 0;
let retriesDone = 0;
let previous = '';

/**
 * The login page's parameters: asked for in the reader's language, again when it changes (not
 * for the same one); a failure warns, with a retry; parameters shown stay shown while others load.
 */
describeModel(loginPageMachine, {
  input: { lang: 'zh-CN' },
  events: { 'LANGUAGE.CHANGE': [{ lang: 'en-US' }, { lang: 'zh-CN' }], 'PARAMS.RETRY': [{}] },
  actors: { loadParams: { outputs: [PARAMS], errors: [down] } },
  provide: { actions: { restoreFocus: () => void focused++ } },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.lang, s.context.params !== null, s.context.error])) as never,
  onState: (s, step) => {
    if (step.event.type === 'xstate.init') [focused, retriesDone, previous] = [0, 0, ''];
    if (previous === 'retrying' && s.matches('ready')) retriesDone++;
    previous = String(s.value);
    const api = view(s);
    const warned = s.matches('failed') || s.matches('retrying');
    expect(api.getWarningProps()).toMatchObject({ 'data-part': 'params-warning', 'data-state': api.state, hidden: !warned, role: 'alert' });
    expect(api.busy).toBe(s.matches('loading') || s.matches('retrying'));
    // The focus goes to the form exactly when a retry brings the parameters, never otherwise.
    expect(focused).toBe(retriesDone);
    // The page shows itself whole (and takes away login.html's painted card) once it has
    // parameters to show, from this language or an earlier one, or knows they failed.
    expect(api.whole).toBe(s.context.params !== null || warned);
  },
  states: {
    loading: (s, _step, run) => {
      // Asked in the language the page is in now.
      expect(run.inputs.loadParams?.at(-1)).toEqual({ lang: s.context.lang });
      expect(view(s).error).toBeNull();
      if (s.context.params === null) expect(view(s).whole).toBe(false);
    },
    ready: (s) => {
      const api = view(s);
      expect([api.params, api.error, api.whole]).toEqual([PARAMS, null, true]);
    },
    retrying: (s, _step, run) => {
      const api = view(s);
      expect(run.inputs.loadParams?.at(-1)).toEqual({ lang: s.context.lang });
      // The warning and its reason stay while the retry runs; its button is busy, not disabled.
      expect(api.error).toBe('连接服务器失败');
      expect(api.getRetryProps()).toMatchObject({ 'data-part': 'params-retry', 'aria-busy': true });
      expect(api.getRetryProps()).not.toHaveProperty('disabled');
    },
    failed: (s) => {
      const api = view(s);
      expect(api.error).toBe('连接服务器失败');
      expect(api.whole).toBe(true);
      expect(api.getRetryProps()['aria-busy']).toBe(false);
      // What arrived before (in another language) is still shown.
      expect(api.params === null || api.params === PARAMS).toBe(true);
    },
  },
});
