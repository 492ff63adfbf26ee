import { expect } from '@jest/globals';
import { userPasswordResetMachine } from '../../src/machines/user-password-reset.machine';
import { connectPasswordReset } from '../../src/machines/user-password-reset.connect';
import { describeModel } from './support/model';

const view = (s: unknown) => connectPasswordReset(s as never, () => undefined);

describeModel(userPasswordResetMachine, {
  actors: { resetPassword: { outputs: [{ userCode: 'clerk01', password: 'Kq7#mZ2!pR4xT9vB' }], errors: [new Error('用户「clerk01」已作废')] } },
  serializeState: (s) => JSON.stringify([s.value, s.context.password, s.context.error]),
  states: {
    closed: (s) => {
      // Closed, nothing of the password is kept.
      expect([view(s).open, s.context.password, s.context.userCode]).toEqual([false, null, null]);
    },
    confirming: (s) => {
      const v = view(s);
      expect([v.open, v.shown, v.password, v.getConfirmProps()['aria-disabled'], v.getConfirmProps().busy]).toEqual([true, false, null, undefined, false]);
    },
    resetting: (s, _step, run) => {
      // Busy, not disabled: the focus stays on the pressed confirm; close waits.
      expect([view(s).getConfirmProps().busy, view(s).getConfirmProps()['aria-disabled'], view(s).getCloseProps()['aria-disabled'], 'disabled' in view(s).getConfirmProps()]).toEqual([true, true, true, false]);
      expect(run.inputs.resetPassword?.length).toBeGreaterThan(0);
    },
    shown: (s) => {
      const v = view(s);
      expect([v.shown, v.userCode, v.getPasswordProps().value]).toEqual([true, 'clerk01', 'Kq7#mZ2!pR4xT9vB']);
    },
  },
});
