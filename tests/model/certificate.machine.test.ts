import { expect } from '@jest/globals';
import { certificateMachine, certOption, type CertificateInput } from '../../src/machines/certificate.machine';
import { LISTED_CERTIFICATES } from '../support/listed-certificates';
import { clientError } from '../../src/shared/cert-errors';
import { connectCertificate } from '../../src/machines/certificate.connect';
import { describeModel } from './support/model';

const CERTS = LISTED_CERTIFICATES;
const notSigned = clientError('signFailed');
const view = (s: unknown) => connectCertificate(s as never, () => undefined);

// The certVaild flag as the provided actions write it (the component writes session storage).
let flag: string | undefined;
const emitted: string[] = [];

const inputs: CertificateInput[] = [
  { mode: 'dialog', callable: true, userName: 'u1', funcCode: '/pay/submit' },
  { mode: 'dialog', funcUrl: '/api/fsmc/pay/submit', type: 'json', params: { id: 7 }, redirectUrl: '/pay/list' },
  { mode: 'dialog', funcUrl: '/api/fsmc/pay/submit', type: 'json', method: 'PUT', params: { id: 7 } },
  { mode: 'dialog', funcUrl: '/pay/detail', type: 'html', params: { id: 7 } },
  { mode: 'page', multiple: true },
];

describeModel(certificateMachine, {
  inputs,
  actors: {
    listCertificates: { outputs: [CERTS, []], errors: [new Error('本地服务未启动')] },
    sign: { outputs: [{ signedData: 'MIIB-SIG', challenge: 'CHALLENGE-1' }], errors: [notSigned] },
    validateCert: { outputs: ['FLAG-1'], errors: [new Error('证书验证失败')] },
    businessRequest: { outputs: [{ payId: 9 }], errors: [new Error('余额不足')] },
    navigate: { outputs: [undefined], errors: [new Error('blocked')] },
  },
  events: { 'CERT.SELECT': [{ values: ['s2'] }] },
  provide: {
    actions: {
      markValidating: () => void (flag = '1'),
      clearValidating: () => void (flag = undefined),
      emitSuccess: () => void emitted.push('success'),
      emitDone: () => void emitted.push('done'),
      emitCaSuccess: () => void emitted.push('caSuccess'),
    },
  },
  onState: (s, step) => {
    if (step.event.type === 'xstate.init') emitted.length = 0;
    if (step.event.type === 'xstate.init' && s.matches('closed')) flag = undefined;
    expect(view(s).getRootProps()['data-state']).toBe(view(s).state);
    // The flag is set while the component is open and removed once validated or closed.
    if (s.matches('open')) expect(flag).toBe('1');
    else expect(flag).toBeUndefined();
  },
  states: {
    closed: (s) => {
      expect([view(s).open, view(s).getTriggerProps().disabled]).toEqual([false, false]);
      expect(s.context.mode).toBe('dialog');
    },
    'open.listing': (s, step, run) => {
      // The list is read on opening (page mode: on load), on refresh and after a failure.
      expect([view(s).loading, view(s).statusKey, view(s).getValidateProps().disabled, view(s).getRefreshProps().disabled]).toEqual([true, 'certselect.loading', true, true]);
      expect(run.inputs.listCertificates?.at(-1)).toEqual({ userName: s.context.userName });
      if (step.event.type.startsWith('xstate.error')) {
        // A failed validation: a warning, the list cleared, the dialog open again.
        // A certificate error keeps its kind for the view's localised text; a server refusal its message.
        const w = view(s).warning;
        expect(w?.cert ? w.cert : w?.message).toEqual(w?.cert ? notSigned.info : '证书验证失败');
        expect([view(s).certificates, view(s).selected, view(s).open]).toEqual([[], [], true]);
      }
    },
    'open.choosing': (s, step) => {
      expect(view(s).certificates).toEqual(CERTS.map(certOption));
      expect(view(s).certificates[1]).toEqual({ text: '张三 · SM2 256 · s2', value: 's2' });
      expect(view(s).getSelectProps().multiple).toBe(s.context.mode === 'page');
      if (step.event.type === 'CERT.SELECT') expect(view(s).selected).toEqual(['s2']);
      expect(view(s).getValidateProps().disabled).toBe(view(s).selected.length === 0);
    },
    'open.empty': (s) => expect([view(s).statusKey, view(s).getStatusProps().role, view(s).getValidateProps().disabled]).toEqual(['certselect.empty', 'alert', true]),
    'open.listFailed': (s) => expect([view(s).statusKey, view(s).listError, view(s).certificates]).toEqual(['certselect.listFailed', { message: '本地服务未启动', cert: null }, []]),
    'open.signing': (s, _step, run) => {
      // Busy, not disabled: the focus stays on the pressed validate button.
      const validate = view(s).getValidateProps();
      expect([view(s).validating, validate.busy, validate['aria-disabled'], validate.disabled]).toEqual([true, true, true, false]);
      expect(run.inputs.sign?.at(-1)).toEqual({ certificate: CERTS[1], userName: s.context.userName });
    },
    'open.verifying': (s, _step, run) => {
      expect(view(s).statusKey).toBe('certselect.validating');
      // The signed challenge, the chosen certificate and the asking function go to the server.
      expect(run.inputs.validateCert?.at(-1)).toEqual({ signedData: 'MIIB-SIG', userName: s.context.userName, challenge: 'CHALLENGE-1', funcCode: s.context.funcCode, serialNumber: 's2' });
    },
    succeeded: (s) => {
      expect([view(s).open, s.context.validFlag]).toEqual([false, 'FLAG-1']);
      expect(emitted.at(-1)).toBe(s.context.callable ? 'success' : undefined);
    },
    requesting: (s, _step, run) => {
      // POST unless the component says PUT, with the server's validation flag.
      expect(run.inputs.businessRequest?.at(-1)).toEqual({ url: '/api/fsmc/pay/submit', method: s.context.method, params: { id: 7 }, validFlag: 'FLAG-1' });
      expect(s.context.method).toBe(s.context.redirectUrl ? 'POST' : 'PUT');
    },
    done: (s) => expect([s.context.data, emitted.at(-1), view(s).open]).toEqual([{ payId: 9 }, 'done', false]),
    requestFailed: (s, step) => expect([s.context.requestError, step.event.type.startsWith('xstate.error'), view(s).open]).toEqual(['余额不足', true, false]),
    redirecting: (s, _step, run) => {
      expect(emitted.at(-1)).toBe('caSuccess');
      expect(run.inputs.navigate?.at(-1)).toEqual({ url: '/pay/list', params: {} });
    },
    navigating: (_s, _step, run) => expect(run.inputs.navigate?.at(-1)).toEqual({ url: '/pay/detail', params: { id: 7 } }),
    left: (s) => expect(s.status).toBe('done'),
  },
});
