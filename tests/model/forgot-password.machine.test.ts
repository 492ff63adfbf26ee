import { expect } from '@jest/globals';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';
import { connectForgotPassword } from '../../src/machines/forgot-password.connect';
import { describeModel } from './support/model';

const view = (s: unknown) => connectForgotPassword(s as never, () => undefined);
const problem = { key: 'global.passwordRule.tooShort', params: { min: 8 } };

describeModel(forgotPasswordMachine, {
  events: {
    'FIELD.CHANGE': (s) => {
      const stage = view(s).stage;
      if (stage === 'identify') return [{ field: 'userCode', value: 'staff' }];
      if (stage === 'verify') return [{ field: 'code', value: '123456' }];
      return [
        { field: 'newPassword', value: 'New#Pass1' },
        { field: 'confirmPassword', value: 'New#Pass1' },
      ];
    },
  },
  actors: {
    sendCode: { outputs: [undefined], errors: [new Error('请求过于频繁')] },
    validateCode: { outputs: [{ resetTicket: 'T1' }], errors: [new Error('验证码错误')] },
    checkRule: { outputs: [[], [problem]], errors: [new Error('网络错误')] },
    modifyPassword: { outputs: [undefined], errors: [new Error('重置凭证无效')] },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.values, s.context.resetTicket, s.context.problems.length > 0, s.context.serverMessage !== null]),
  states: {
    identifying: (s) => {
      expect(view(s).stage).toBe('identify');
      expect([view(s).field('userCode').input.readOnly, view(s).getSubmitProps()['aria-disabled']]).toEqual([false, undefined]);
      if (s.context.problems.length) expect(s.context.problems).toEqual([{ key: 'login.forgot.error.userCode' }]);
    },
    sendingCode: (s, _step, run) => {
      expect(view(s).busy).toBe(true);
      // Busy, not disabled: the field Enter was pressed in is read-only and keeps the focus, and so does the button.
      expect([view(s).field('userCode').input.readOnly, view(s).field('userCode').input.disabled]).toEqual([true, false]);
      expect([view(s).getSubmitProps().busy, view(s).getSubmitProps()['aria-disabled'], 'disabled' in view(s).getSubmitProps()]).toEqual([true, true, false]);
      expect(run.inputs.sendCode?.at(-1)).toEqual({ userCode: 'staff' });
    },
    verifying: (s) => {
      expect(view(s).stage).toBe('verify');
      // The user code is fixed once a code was sent for it.
      expect(view(s).field('userCode').input.disabled).toBe(true);
      expect(s.context.values.userCode).toBe('staff');
    },
    validatingCode: (s, _step, run) => {
      expect(run.inputs.validateCode?.at(-1)).toEqual({ userCode: 'staff', code: '123456' });
      expect([view(s).field('code').input.readOnly, view(s).field('code').input.disabled]).toEqual([true, false]);
      expect([view(s).getSubmitProps()['aria-disabled'], view(s).getBackProps()['aria-disabled'], view(s).getResendProps()['aria-disabled']]).toEqual([true, true, true]);
    },
    choosing: (s) => {
      expect(s.context.resetTicket).toBe('T1');
      // A refusal keeps what was typed.
      if (s.context.serverMessage || s.context.problems.length) expect(s.context.values.code).toBe('123456');
    },
    checking: (s, _step, run) => {
      // The rule is checked for the password typed, and the form waits for it.
      expect(view(s).busy).toBe(true);
      expect(run.inputs.checkRule?.at(-1)).toEqual({ userCode: 'staff', password: s.context.values.newPassword });
      expect([s.context.problems, s.context.serverMessage]).toEqual([[], null]);
    },
    saving: (s, _step, run) => expect(run.inputs.modifyPassword?.at(-1)).toEqual({ userCode: 'staff', resetTicket: 'T1', newPassword: s.context.values.newPassword }),
    done: (s) => expect(view(s).done).toBe(true),
  },
});
