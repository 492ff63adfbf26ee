import { expect } from '@jest/globals';
import { passwordChangeMachine } from '../../src/machines/password-change.machine';
import { connectPasswordChange } from '../../src/machines/password-change.connect';
import { describeModel } from './support/model';
import { CODE } from '../../src/shared/codes';

const view = (s: unknown) => connectPasswordChange(s as never, () => undefined);

describeModel(passwordChangeMachine, {
  events: {
    'FIELD.CHANGE': [
      { field: 'oldPassword', value: 'Old#Pass1' },
      { field: 'newPassword', value: 'New#Pass1' },
      { field: 'confirmPassword', value: 'New#Pass1' },
    ],
  },
  actors: {
    checkRule: { outputs: [[], [{ key: 'global.passwordRule.needUpper' }]], errors: [new Error('网络错误')] },
    // The client's ApiError carries the business code: 1213 is a wrong current password.
    changePassword: { outputs: [undefined], errors: [Object.assign(new Error('原密码错误'), { code: CODE.wrongOldPassword })] },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.values, s.context.problems.map((p) => p.key), s.context.serverMessage, s.context.serverField]),
  states: {
    editing: (s) => {
      expect(view(s).busy).toBe(false);
      const { problems, values } = s.context;
      if (problems[0]?.key === 'shell.password.error.required') expect(values.oldPassword === '' || values.newPassword === '').toBe(true);
      if (problems[0]?.key === 'shell.password.error.mismatch') expect(values.newPassword).not.toBe(values.confirmPassword);
      const marked = (['oldPassword', 'newPassword', 'confirmPassword'] as const).filter((f) => view(s).invalid(f));
      // The wrong current password is marked alone; a network failure marks nothing.
      if (s.context.serverMessage === '原密码错误') expect([s.context.serverField, marked]).toEqual(['oldPassword', ['oldPassword']]);
      if (s.context.serverMessage === '网络错误') expect([s.context.serverField, marked]).toEqual([null, []]);
      if (s.context.serverMessage === null && problems.length === 0) expect(marked).toEqual([]);
    },
    checking: (s, _step, run) => {
      expect(view(s).busy).toBe(true);
      expect(run.inputs.checkRule?.at(-1)).toEqual({ password: s.context.values.newPassword });
    },
    saving: (s, _step, run) => expect(run.inputs.changePassword?.at(-1)).toEqual({ oldPassword: 'Old#Pass1', newPassword: 'New#Pass1' }),
    changed: (s) => {
      expect(view(s).changed).toBe(true);
      // Passwords are not kept once changed.
      expect(s.context.values).toEqual({ oldPassword: '', newPassword: '', confirmPassword: '' });
    },
  },
});
