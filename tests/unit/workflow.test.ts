import { describe, expect, it } from '@jest/globals';
import { activeStepIndex, dutyCodesOf } from '../../src/shared/workflow';

const steps = (...complete: boolean[]) => complete.map((isComplete) => ({ isComplete }));

describe('activeStepIndex (widgets §4 "Flow steps")', () => {
  it('is the step after the last completed one', () => {
    expect(activeStepIndex(steps(true, false, false))).toBe(1);
    expect(activeStepIndex(steps(true, true, false))).toBe(2);
    // After the last completed, whatever came before it.
    expect(activeStepIndex(steps(false, true, false))).toBe(2);
  });

  it('is the first step when none is complete, and none (-1) when all are', () => {
    expect(activeStepIndex(steps(false, false, false))).toBe(0);
    expect(activeStepIndex(steps(true, true, true))).toBe(-1);
    expect(activeStepIndex([])).toBe(-1);
  });
});

describe('dutyCodesOf', () => {
  it('reads a comma-separated list, blanks dropped', () => {
    expect(dutyCodesOf('ADMIN, STAFF ,,APPROVER')).toEqual(['ADMIN', 'STAFF', 'APPROVER']);
    expect(dutyCodesOf('')).toEqual([]);
  });
});
