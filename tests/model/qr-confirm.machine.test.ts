import { expect } from '@jest/globals';
import { qrConfirmMachine, type QrConfirmDetail } from '../../src/machines/qr-confirm.machine';
import { connectQrConfirm } from '../../src/machines/qr-confirm.connect';
import { describeModel } from './support/model';

const detail = (status: QrConfirmDetail['status']): QrConfirmDetail => ({
  status,
  createdAt: '2030-01-01T08:00:00Z',
  expiresAt: '2030-01-01T08:02:00Z',
  clientAddress: '10.0.0.7',
  userAgent: 'Waiting-Browser/1.0',
});
const view = (s: unknown) => connectQrConfirm(s as never, () => undefined);

describeModel(qrConfirmMachine, {
  input: { qrId: 'Q1' },
  actors: {
    loadDetail: { outputs: [detail('waiting'), detail('expired'), detail('consumed')], errors: [new Error('二维码不存在')] },
    confirmCode: { outputs: [undefined], errors: [new Error('该二维码已被使用')] },
  },
  onState: (s) => {
    // The root part always names the state the page is in.
    expect(view(s).getRootProps()['data-state']).toBe(view(s).state);
  },
  states: {
    loading: (s, _step, run) => {
      expect([view(s).busy, view(s).canConfirm, view(s).serverMessage]).toEqual([true, false, null]);
      expect(run.inputs.loadDetail?.at(-1)).toEqual({ qrId: 'Q1' });
    },
    failed: (s) => expect([view(s).state, view(s).serverMessage, view(s).detail]).toEqual(['failed', '二维码不存在', null]),
    asking: (s, step) => {
      // What the user must check before confirming: time, address, browser.
      expect(view(s).detail).toMatchObject({ clientAddress: '10.0.0.7', userAgent: 'Waiting-Browser/1.0' });
      expect([view(s).canConfirm, view(s).noticeKey]).toEqual([true, null]);
      if (step.event.type.startsWith('xstate.error')) expect(view(s).serverMessage).toBe('该二维码已被使用');
    },
    confirming: (s, _step, run) => {
      expect(view(s).getConfirmProps().loading).toBe(true);
      expect(run.inputs.confirmCode?.at(-1)).toEqual({ qrId: 'Q1' });
    },
    unavailable: (s) => {
      expect(view(s).canConfirm).toBe(false);
      expect(view(s).noticeKey).toBe(s.context.detail?.status === 'expired' ? 'shell.qrConfirm.expired' : 'shell.qrConfirm.used');
    },
    confirmed: (s) => expect([view(s).noticeKey, view(s).canConfirm, s.status]).toEqual(['shell.qrConfirm.done', false, 'done']),
  },
});
