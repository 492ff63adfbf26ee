import { expect } from '@jest/globals';
import { qrLoginMachine } from '../../src/machines/qr-login.machine';
import { connectQrLogin } from '../../src/machines/qr-login.connect';
import { describeModel } from './support/model';

const code = { qrId: 'Q1', qrImage: 'data:image/png;base64,AAAA', confirmUrl: 'http://x/index.html#/qr-confirm/Q1', expiresAt: '2030-01-01T00:00:00Z' };
const view = (s: unknown) => connectQrLogin(s as never, () => undefined);

describeModel(qrLoginMachine, {
  actors: {
    generateCode: { outputs: [code], errors: [new Error('二维码获取失败')] },
    checkStatus: { outputs: [{ status: 'waiting' }, { status: 'confirmed' }, { status: 'expired' }, { status: 'consumed' }], errors: [new Error('网络错误')] },
  },
  states: {
    generating: (s) => {
      expect(view(s).busy).toBe(true);
      expect(view(s).image).toBeNull();
    },
    waiting: (s) => {
      expect(view(s).image).toBe(code.qrImage);
      expect(view(s).statusKey).toBe('login.qr.waiting');
    },
    checking: (s, _step, run) => {
      expect(view(s).image).toBe(code.qrImage);
      expect(run.inputs.checkStatus?.at(-1)).toEqual({ qrId: 'Q1' });
    },
    expired: (s) => {
      // A spent code is no longer shown: only the refresh.
      expect([view(s).image, view(s).expired, view(s).statusKey]).toEqual([null, true, 'login.qr.expired']);
    },
    failed: (s) => {
      expect(view(s).failed).toBe(true);
      expect(view(s).serverMessage).toMatch(/失败|错误/);
    },
    loggedIn: (s) => {
      expect(view(s).loggedIn).toBe(true);
      expect(view(s).statusKey).toBe('login.qr.confirmed');
    },
  },
});
