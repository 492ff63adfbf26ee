import { describe, expect, it } from '@jest/globals';
import { approvalMachine, failureOf, type ApprovalData } from '../../src/machines/approval.machine';
import { connectApproval } from '../../src/machines/approval.connect';
import { CODE } from '../../src/shared/codes';
import type { FlowStep } from '../../src/shared/contract/wkfl';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof approvalMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectApproval(s, () => undefined);

const step = (id: number, isComplete: boolean, isCurrent = false): FlowStep => ({ id, flowName: `step ${id}`, isComplete, isCurrent, flowInfo: [] });
const CHART = { businessType: 'rate-plan', processName: '利率方案审批流程', steps: [1, 2].map((stepNo) => ({ stepNo, stepName: `step ${stepNo}`, duties: [{ dutyCode: 'ADMIN', dutyName: '系统管理员' }] })) };
/** After the first step passed: the second is active. */
const RUNNING: ApprovalData = {
  history: [
    { id: 1, currentState: 'submit', approveInfo: null, approveLabel: '提交申请', approvePerson: '张会计', nextApproveLabel: 'step 1', nextApprovePerson: ['系统管理员'], dateTime: '2026-11-24T08:00:00.000Z', approveInfoLabel: '审批意见', fileList: [] },
    { id: 2, currentState: 'pass', approveInfo: '同意', approveLabel: 'step 1', approvePerson: '系统管理员', nextApproveLabel: 'step 2', nextApprovePerson: ['复核员'], dateTime: '2026-11-24T09:00:00.000Z', approveInfoLabel: '审批意见', fileList: [] },
  ],
  steps: [step(0, true), step(1, true), step(2, false, true)],
  chart: CHART,
};
/** A draft: nothing submitted, the submission is active. */
const DRAFT: ApprovalData = { history: [], steps: [step(0, false, true), step(1, false), step(2, false)], chart: CHART };
/** A reviewed business without a flow. */
const UNGOVERNED: ApprovalData = { history: [], steps: [], chart: { businessType: 'rate-add', processName: null, steps: [] } };
/** Paths are named by the answer's name, not its whole text (a non-enumerable toJSON: the data are unchanged). */
const named = <T extends object>(name: string, data: T): T => Object.defineProperty(data, 'toJSON', { value: () => name, enumerable: false });
for (const [name, data] of Object.entries({ running: RUNNING, draft: DRAFT, ungoverned: UNGOVERNED })) named(name, data);
const refused = Object.assign(new Error('「currency」不是需要审核的业务类型'), { status: 200, code: CODE.flowBusinessTypeUnknown });
const unreachable = Object.assign(new Error('连接服务器失败'), { status: 0, code: undefined });

/**
 * The approval widgets' machine (issue 15 point 2): loading, then loaded or empty (the no-data
 * text), or failed (a refusal's msg, or the generic server error) with a retry; a decision
 * reloads.
 */
describeModel(approvalMachine, {
  input: { businessType: 'rate-plan', recordId: 7 },
  events: { 'APPROVAL.RETRY': [{}], 'APPROVAL.RELOAD': [{}] },
  actors: { loadApproval: { outputs: [RUNNING, DRAFT, UNGOVERNED], errors: [refused, unreachable] } },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.history.length, s.context.steps.length, s.context.failure])) as never,
  onState: (s) => {
    const api = view(s);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': api.state });
    expect(api.getRetryProps().hidden).toBe(!s.matches('failed'));
  },
  states: {
    loading: (s, _step, run) => {
      const api = view(s);
      expect([api.busy, api.statusKey, api.message]).toEqual([true, null, null]);
      expect(run.inputs.loadApproval?.at(-1)).toEqual({ businessType: 'rate-plan', recordId: 7 });
    },
    loaded: (s) => {
      const api = view(s);
      expect([api.statusKey, api.message, api.governed]).toEqual([null, null, true]);
      expect(api.history.map((h) => api.getHistoryItemProps(h)['data-state'])).toEqual(['submit', 'pass']);
      // Widgets §4: the active step is the one after the last completed, and it alone is current.
      expect(api.activeIndex).toBe(2);
      expect(api.steps.map((x, i) => api.getStepProps(x, i)['data-state'])).toEqual(['complete', 'complete', 'current']);
      expect([api.getChartNodeProps(1)['data-state'], api.getChartNodeProps(2)['data-state']]).toEqual(['complete', 'current']);
      // A step after the submission waits: a reviewer may attach files to the decision.
      expect(api.running).toBe(true);
    },
    empty: (s) => {
      const api = view(s);
      expect([api.statusKey, api.message, api.history]).toEqual(['approval.empty', null, []]);
      if (s.context.steps.length > 0) {
        expect([api.governed, api.activeIndex]).toEqual([true, 0]);
        expect(api.getStepProps(api.steps[0]!, 0)).toMatchObject({ 'data-state': 'current', 'aria-current': 'step' });
        // A draft: the submission waits, no decision does.
        expect(api.running).toBe(false);
      } else {
        // A business without a flow: nothing to draw.
        expect(api.governed).toBe(false);
      }
    },
    failed: (s) => {
      const api = view(s);
      // A non-zero code shows the server's msg; no answer shows the generic server error.
      if (s.context.failure?.kind === 'refused') expect([api.message, api.statusKey]).toEqual(['「currency」不是需要审核的业务类型', null]);
      else expect([api.message, api.statusKey]).toEqual([null, 'approval.error.server']);
      expect(api.busy).toBe(false);
    },
  },
});

describe('failureOf', () => {
  it('takes the server’s words only from a non-zero business code', () => {
    expect(failureOf(refused)).toEqual({ kind: 'refused', message: refused.message });
    expect(failureOf(unreachable)).toEqual({ kind: 'unreachable' });
    expect(failureOf(Object.assign(new Error('x'), { code: 0 }))).toEqual({ kind: 'unreachable' });
    expect(failureOf(null)).toEqual({ kind: 'unreachable' });
  });
});
