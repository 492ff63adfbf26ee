import { expect } from '@jest/globals';
import { loginMachine, type LoginValues } from '../../src/machines/login.machine';
import { connectLogin } from '../../src/machines/login.connect';
import { describeModel } from './support/model';

const refused = new Error('用户名或密码错误');

describeModel(loginMachine, {
  events: {
    'FIELD.CHANGE': [
      { field: 'userCode', value: 'admin' },
      { field: 'password', value: 'Admin@2026' },
      { field: 'userCode', value: '  ' },
    ],
  },
  actors: { submitLogin: { outputs: [{ token: 'T0KEN' }], errors: [refused] } },
  states: {
    editing: (snapshot, _step, run) => {
      const view = connectLogin(snapshot, () => undefined);
      expect(view.busy).toBe(false);
      expect([view.field('userCode').readOnly, view.getSubmitProps()['aria-disabled']]).toEqual([false, undefined]);
      // A refusal is either the client's own (a locale key) or the server's message, never both.
      expect(view.errorKey !== null && view.serverMessage !== null).toBe(false);
      // A refused attempt keeps everything typed: what was sent is what the fields hold.
      if (view.serverMessage) expect([view.serverMessage, view.field('password').value]).toEqual([refused.message, (run.inputs.submitLogin?.at(-1) as LoginValues | undefined)?.password]);
      if (view.errorKey) expect(view.errorKey).toBe('login.error.required');
    },
    submitting: (snapshot, _step, run) => {
      const view = connectLogin(snapshot, () => undefined);
      // Busy, not disabled: the fields and the button keep the keyboard's focus.
      expect([view.busy, view.field('password').readOnly, view.getSubmitProps()['aria-disabled'], 'disabled' in view.field('password')]).toEqual([true, true, true, false]);
      // The call gets exactly what the user typed.
      expect(run.inputs.submitLogin?.at(-1)).toEqual(snapshot.context.values);
    },
    loggedIn: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ token: 'T0KEN' });
    },
  },
});
