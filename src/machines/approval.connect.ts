import type { SnapshotFrom } from 'xstate';
import { SUBMIT_STEP_ID, activeStepIndex } from '../shared/workflow';
import type { ApprovalHistoryItem, FlowStep } from '../shared/contract/wkfl';
import type { ApprovalEvent, approvalMachine } from './approval.machine';

type Snapshot = SnapshotFrom<typeof approvalMachine>;

export type ApprovalState = 'loading' | 'loaded' | 'empty' | 'failed';
/** Where a step stands against the active one (widgets §4): before it complete, it, or after it. */
export type StepStanding = 'complete' | 'current' | 'upcoming';

/**
 * The approval widgets' anatomy (Zag.js style): the root, the history timeline and its items,
 * the flow step bar and its steps (the active one, after the last complete, carries the
 * popover), the flow chart's nodes, the status text (the no-data text, a refusal's message or
 * the generic server error) and the retry trigger.
 */
export function connectApproval(snapshot: Snapshot, send: (event: ApprovalEvent) => void) {
  const { context } = snapshot;
  const state = snapshot.value as ApprovalState;
  const busy = snapshot.hasTag('busy');
  const steps = context.steps;
  const active = activeStepIndex(steps);
  const standing = (index: number): StepStanding => (active === -1 || index < active ? 'complete' : index === active ? 'current' : 'upcoming');
  const chartSteps = context.chart?.steps ?? [];
  /** A chart node's standing: by the step of the same number on the bar (step 0 is the submission). */
  const nodeStanding = (stepNo: number): StepStanding => {
    const at = steps.findIndex((s) => s.id === stepNo);
    return at === -1 ? 'upcoming' : standing(at);
  };
  return {
    state,
    busy,
    /** Whether the record's business has a flow at all: without one and without history, nothing is drawn. */
    governed: chartSteps.length > 0 || steps.length > 0 || context.history.length > 0,
    history: context.history,
    /** A flow is running: a step after the submission waits for a decision (which may carry files). */
    running: steps.some((s) => s.isCurrent && s.id !== SUBMIT_STEP_ID),
    steps,
    activeIndex: active,
    chart: context.chart,
    /** A locale key for the status line, or null; `message` when the server's own words are shown. */
    statusKey: state === 'empty' ? 'approval.empty' : context.failure?.kind === 'unreachable' ? 'approval.error.server' : null,
    message: context.failure?.kind === 'refused' ? context.failure.message : null,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': busy }),
    getTimelineProps: () => ({ 'data-part': 'timeline', 'data-state': state }),
    getHistoryItemProps: (item: ApprovalHistoryItem) => ({ 'data-part': 'history-item', 'data-state': item.currentState, 'data-id': item.id }),
    getStepBarProps: () => ({ 'data-part': 'step-bar', 'data-active': active }),
    getStepProps: (step: FlowStep, index: number) => ({ 'data-part': 'step', 'data-state': standing(index), 'data-id': step.id, 'aria-current': standing(index) === 'current' ? ('step' as const) : undefined }),
    getChartNodeProps: (stepNo: number) => ({ 'data-part': 'chart-node', 'data-state': nodeStanding(stepNo), 'data-step': stepNo }),
    getRetryProps: () => ({ 'data-part': 'retry', hidden: state !== 'failed', onClick: () => send({ type: 'APPROVAL.RETRY' }) }),
    reload: () => send({ type: 'APPROVAL.RELOAD' }),
  };
}

export type ApprovalApi = ReturnType<typeof connectApproval>;
