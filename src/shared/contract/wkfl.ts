import { Body, Id, Page, Paging, Required, Timestamp, Type, endpoint, type Static } from './define';
import { Nullable } from './common';
import { FLOW_ACTIONS, FLOW_STATUSES } from '../workflow';

/**
 * /api/wkfl: approval flows (issue 15 points 1, 2; docs/approvals.md). Reviews themselves go
 * through the resource's own `review` call (decision pass, refuse, back), which the flow
 * governs; these calls read the flow: the user's to-do tasks, a record's history and steps,
 * and the process a business type follows.
 */

/** A business type is the code of a reviewed resource (rate-plan, finance-org-enter, …). */
const BusinessType = Required(64);
/**
 * A record's flow. A data-source widget adds its paging (widgets §7: "extra parameters plus start
 * and limit"); the answer is the whole list all the same, so they are taken and not used.
 */
const RecordRef = Body({ businessType: BusinessType, recordId: Id, start: Type.Optional(Paging.properties.start), limit: Type.Optional(Paging.properties.limit) });

/** Widgets §3 "Approval history item"; fileList is the files the decision carries (downloaded by id, docs/approvals.md). */
export const ApprovalHistoryItem = Type.Object({
  id: Id,
  /** What the person did: submit, pass, refuse or back. */
  currentState: Type.Enum([...FLOW_ACTIONS]),
  /** The comment. */
  approveInfo: Nullable(Type.String()),
  /** The step decided (or the submission), in the reader's language. */
  approveLabel: Type.String(),
  approvePerson: Type.String(),
  /** The step the record went to next, and who may decide it; null when the flow ended. */
  nextApproveLabel: Nullable(Type.String()),
  nextApprovePerson: Type.Union([Type.String(), Type.Array(Type.String())]),
  dateTime: Timestamp,
  approveInfoLabel: Type.String(),
  fileList: Type.Array(Type.Object({ id: Id, fileName: Type.String() })),
});
export type ApprovalHistoryItem = Static<typeof ApprovalHistoryItem>;

/** Widgets §3 "Flow step": step 0 is the submission, then the process's steps in order. */
export const FlowStep = Type.Object({
  id: Type.Integer({ minimum: 0 }),
  flowName: Type.String(),
  isComplete: Type.Boolean(),
  isCurrent: Type.Boolean(),
  flowInfo: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
});
export type FlowStep = Static<typeof FlowStep>;

/** The process a business type follows, for the flow chart. */
export const FlowChart = Type.Object({
  businessType: Type.String(),
  processName: Nullable(Type.String()),
  steps: Type.Array(Type.Object({ stepNo: Type.Integer(), stepName: Type.String(), duties: Type.Array(Type.Object({ dutyCode: Type.String(), dutyName: Type.String() })) })),
});
export type FlowChart = Static<typeof FlowChart>;

/** One to-do task: a running flow whose current step one of the user's duties may decide. */
export const FlowTask = Type.Object({
  instanceId: Id,
  businessType: Type.String(),
  businessName: Type.String(),
  recordId: Id,
  /** The record's title field (its application number…). */
  title: Type.String(),
  stepNo: Type.Integer(),
  stepName: Type.String(),
  submitter: Type.String(),
  submittedAt: Timestamp,
  status: Type.Enum([...FLOW_STATUSES]),
});
export type FlowTask = Static<typeof FlowTask>;

export const wkfl = {
  todo: endpoint({ path: '/api/wkfl/workdesk/task/query/todo-list', summary: 'The caller’s to-do tasks: running flows whose current step one of their duties may decide, oldest first.', body: Paging, data: Page(FlowTask), flags: { read: true } }),
  history: endpoint({ path: '/api/wkfl/workdesk/task-form/query/task-history/list', summary: 'A record’s approval history, every flow it went through, in time order (widgets §7: a list).', body: RecordRef, data: Type.Array(ApprovalHistoryItem), flags: { read: true }, client: { noLoading: true } }),
  steps: endpoint({ path: '/api/wkfl/workdesk/task-form/query/flow-step/list', summary: 'A record’s flow steps: the submission, then each step of its latest flow (or of the process when none ran yet).', body: RecordRef, data: Type.Array(FlowStep), flags: { read: true }, client: { noLoading: true } }),
  chart: endpoint({ path: '/api/wkfl/process-config/query/flow-chart', summary: 'The process a business type follows: its enabled steps in order with the duties that may decide each.', body: Body({ businessType: BusinessType }), data: FlowChart, flags: { read: true }, client: { noLoading: true } }),
};
