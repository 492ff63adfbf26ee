import { assign, fromPromise, setup } from 'xstate';
import type { ApprovalHistoryItem, FlowChart, FlowStep } from '../shared/contract/wkfl';

/**
 * A record's approval widgets (widgets §2 "Approval widgets", §3, §4 "Flow steps"; issue 15
 * point 2; docs/approvals.md): the history timeline, the flow step bar and the flow chart,
 * loaded together by the injected `loadApproval` (the server's history list, flow steps and
 * the business type's process).
 *
 * `loading` → `loaded` (a history to show) or `empty` (none yet: the timeline's no-data text;
 * the steps and the chart still show) or `failed`: a refusal with a non-zero code shows its
 * msg, anything else (no answer, a broken one) the generic server error. `failed` retries;
 * `loaded` and `empty` reload after a decision changed the flow.
 */
export interface ApprovalRef {
  businessType: string;
  recordId: number;
}

export interface ApprovalData {
  history: ApprovalHistoryItem[];
  steps: FlowStep[];
  chart: FlowChart;
}

/** Why the load failed: the server said no (its message), or no usable answer came. */
export type ApprovalFailure = { kind: 'refused'; message: string } | { kind: 'unreachable' };

export interface ApprovalContext extends ApprovalRef {
  history: ApprovalHistoryItem[];
  steps: FlowStep[];
  chart: FlowChart | null;
  failure: ApprovalFailure | null;
}

export type ApprovalEvent = { type: 'APPROVAL.RETRY' } | { type: 'APPROVAL.RELOAD' };

/** A refusal carries the server's business code (ApiError.code); 0 or none is not the server's word. */
export function failureOf(error: unknown): ApprovalFailure {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e && typeof e.code === 'number' && e.code !== 0 && typeof e.message === 'string' && e.message !== '') return { kind: 'refused', message: e.message };
  return { kind: 'unreachable' };
}

export const approvalMachine = setup({
  types: { context: {} as ApprovalContext, events: {} as ApprovalEvent, input: {} as ApprovalRef },
  actors: {
    loadApproval: fromPromise<ApprovalData, ApprovalRef>(async () => {
      throw new Error('loadApproval not provided');
    }),
  },
  guards: {
    hasHistory: ({ event }) => ((event as { output?: ApprovalData }).output?.history.length ?? 0) > 0,
  },
  actions: {
    keepData: assign(({ event }) => {
      const data = (event as unknown as { output: ApprovalData }).output;
      return { history: data.history, steps: data.steps, chart: data.chart, failure: null };
    }),
    keepFailure: assign({ failure: ({ event }) => failureOf((event as { error?: unknown }).error) }),
    clearFailure: assign({ failure: () => null }),
  },
}).createMachine({
  id: 'approval',
  context: ({ input }) => ({ businessType: input.businessType, recordId: input.recordId, history: [], steps: [], chart: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadApproval',
        input: ({ context }) => ({ businessType: context.businessType, recordId: context.recordId }),
        onDone: [
          { guard: 'hasHistory', target: 'loaded', actions: 'keepData' },
          { target: 'empty', actions: 'keepData' },
        ],
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    loaded: {
      on: { 'APPROVAL.RELOAD': { target: 'loading' } },
    },
    /** No submission or decision yet: the timeline says so; the steps and chart still show. */
    empty: {
      on: { 'APPROVAL.RELOAD': { target: 'loading' } },
    },
    failed: {
      on: { 'APPROVAL.RETRY': { target: 'loading', actions: 'clearFailure' } },
    },
  },
});
