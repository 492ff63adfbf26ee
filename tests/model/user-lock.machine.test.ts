import { expect } from '@jest/globals';
import { userLockMachine } from '../../src/machines/user-lock.machine';
import { connectUserLock } from '../../src/machines/user-lock.connect';
import { describeModel } from './support/model';

const view = (s: unknown) => connectUserLock(s as never, () => undefined);
const LOCKED = { locked: true, lockedUntil: '2026-12-01T10:00:00.000Z' };

describeModel(userLockMachine, {
  events: { 'FIELD.CHANGE': [{ value: '2026-12-31 18:00' }, { value: '' }, { value: '2026-12-31 25:00' }] },
  actors: {
    loadLock: { outputs: [LOCKED], errors: [new Error('网络错误')] },
    saveLock: { outputs: [{ locked: false, lockedUntil: null }], errors: [new Error('锁定截止时间必须晚于当前时间')] },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.value, s.context.problem, s.context.error !== null]),
  states: {
    closed: (s) => expect(view(s).open).toBe(false),
    loading: (s) => expect([view(s).loading, view(s).busy]).toEqual([true, true]),
    loadFailed: (s) => expect([view(s).loadFailed, view(s).error]).toEqual([true, '网络错误']),
    editing: (s) => {
      const v = view(s);
      expect(v.current).toEqual(LOCKED);
      expect([v.getLockProps()['aria-disabled'], v.getUnlockProps().hidden]).toEqual([undefined, false]);
      // Nothing typed, or a time that is none: named on the field, nothing sent, the text kept.
      if (v.problem) expect([v.problem, s.context.value, v.getUntilProps()['aria-invalid']]).toEqual(s.context.value === '' ? ['admin.lock.required', '', true] : ['admin.lock.badTime', '2026-12-31 25:00', true]);
    },
    locking: (s, _step, run) => {
      // Busy, not disabled: Lock keeps the focus with the spinner; the others wait.
      const v = view(s);
      expect([v.getLockProps().busy, v.getLockProps()['aria-disabled'], v.getUnlockProps().busy, v.getUnlockProps()['aria-disabled'], v.getCloseProps()['aria-disabled']]).toEqual([true, true, false, true, true]);
      expect(run.inputs.saveLock?.at(-1)).toEqual({ lockedUntil: '2026-12-31 18:00' });
    },
    unlocking: (s, _step, run) => {
      expect(view(s).busy).toBe(true);
      expect(run.inputs.saveLock?.at(-1)).toEqual({ lockedUntil: null });
    },
  },
});
