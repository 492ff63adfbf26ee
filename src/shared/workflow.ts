/**
 * Approval flows (issue 15 points 1 and 2; docs/approvals.md): what the server's /api/wkfl and
 * the approval widgets agree on, pure.
 *
 * A flow instance runs while its record is submitted: ordered steps, each decided by one person
 * holding one of the step's duties. History actions are the submitter's `submit` and each
 * step's `pass`, `refuse` or `back`.
 */
export const FLOW_ACTIONS = ['submit', 'pass', 'refuse', 'back'] as const;
export type FlowAction = (typeof FLOW_ACTIONS)[number];

export const FLOW_STATUSES = ['running', 'approved', 'refused', 'returned'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** The most steps one process may have (a bank's longest chains are 5 or 6 levels). */
export const FLOW_STEPS_MAX = 20;

/**
 * The attachment setting (attach-type-set) every decision's files follow, seeded on by migration
 * 0027 with at most DECISION_FILES_MAX files, so administrators set it like any other.
 */
export const DECISION_ATTACHMENT_BUSINESS = 'approval-decision';
/** The most files one decision names (a review attaches a few papers, not an archive). */
export const DECISION_FILES_MAX = 10;

/** The flow step bar's step 0: the submitter's own (widgets §3 "Flow step" carries no kind, so the id says it). */
export const SUBMIT_STEP_ID = 0;

/**
 * Widgets §4 "Flow steps": the active step is the one after the last completed step; -1 when
 * every step is complete (nothing left to do). With nothing complete, the first.
 */
export function activeStepIndex(steps: ReadonlyArray<{ isComplete: boolean }>): number {
  let last = -1;
  steps.forEach((s, i) => {
    if (s.isComplete) last = i;
  });
  return last + 1 >= steps.length ? -1 : last + 1;
}

/** Duty codes as a process step stores them: comma-separated, blanks dropped. */
export function dutyCodesOf(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
