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

/**
 * The login page's parameters: asked for in the reader's language, again when it changes (not
 * for the same one); a failure warns, with a retry; parameters shown stay shown while others load.
 */
describeModel(loginPageMachine, {
  input: { lang: 'zh-CN' },
  events: { 'LANGUAGE.CHANGE': [{ lang: 'en-US' }, { lang: 'zh-CN' }], 'PARAMS.RETRY': [{}] },
  actors: { loadParams: { outputs: [PARAMS], errors: [down] } },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.lang, s.context.params !== null, s.context.error])) as never,
  onState: (s) => {
    const api = view(s);
    expect(api.getWarningProps()).toMatchObject({ 'data-part': 'params-warning', 'data-state': api.state, hidden: !s.matches('failed'), role: 'alert' });
    expect(api.busy).toBe(s.matches('loading'));
    // The page shows itself whole (and takes away login.html's painted card) once it has
    // parameters to show, from this language or an earlier one, or knows they failed.
    expect(api.whole).toBe(s.context.params !== null || s.matches('failed'));
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
    failed: (s) => {
      const api = view(s);
      expect(api.error).toBe('连接服务器失败');
      expect(api.whole).toBe(true);
      // What arrived before (in another language) is still shown.
      expect(api.params === null || api.params === PARAMS).toBe(true);
    },
  },
});
