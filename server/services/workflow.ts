import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { reviewedResource } from '../../src/resources';
import type { Language } from '../../src/shared/constants';
import { SUBMIT_STEP_ID, dutyCodesOf, type FlowAction, type FlowStatus } from '../../src/shared/workflow';
import type { ApprovalHistoryItem, FlowChart, FlowStep, FlowTask } from '../../src/shared/contract/wkfl';
import { refuse } from '../http/answer';
import { decisionDraftOrderNo, decisionOrderNo } from '../../src/shared/attachments';

/**
 * Approval flows (issue 15 point 1; docs/approvals.md). The record-lifecycle machine still
 * decides every step of a record (server/resources/register.ts); a flow only says which of its
 * steps a review decides and who may decide it:
 * - submitting a record of a business type with enabled process-config rows starts a flow
 *   with a copy of those steps (a configuration change never alters a running flow);
 * - a pass on any step but the last moves the flow on and leaves the record submitted; the
 *   last pass approves it (RECORD.PASS), a refusal refuses it (RECORD.REFUSE), a back returns it
 *   to the submitter (RECORD.BACK), each ending the flow;
 * - a step is decided by a holder of one of its duties, never by the submitter, and one person
 *   decides at most one step of a flow.
 * Every submission and decision is a wkfl_history row: who, when, what, comment; a decision's
 * files are stored files under its own orderNo, `WKFL<history id>`.
 */

export interface InstanceStep {
  stepNo: number;
  stepName: string;
  stepNameEn: string;
  dutyCodes: string;
}

export interface FlowInstance {
  id: number;
  businessType: string;
  recordId: number;
  processName: string;
  status: FlowStatus;
  currentStep: number | null;
  submittedBy: number;
  submittedAt: Date;
  steps: InstanceStep[];
}

const stepName = (step: Pick<InstanceStep, 'stepName' | 'stepNameEn'>, lang: Language) => (lang === 'en-US' ? step.stepNameEn : step.stepName);
const personName = (row: { userName: string; userNameEn: string | null }, lang: Language) => (lang === 'en-US' && row.userNameEn ? row.userNameEn : row.userName);

/** The enabled steps a business type's flow has now, in order. */
export async function processSteps(db: Db, businessType: string): Promise<Array<InstanceStep & { processName: string; processNameEn: string }>> {
  const { rows } = await sql<InstanceStep & { processName: string; processNameEn: string }>`
    select step_no as "stepNo", step_name as "stepName", step_name_en as "stepNameEn", duty_codes as "dutyCodes", process_name as "processName", process_name_en as "processNameEn"
    from process_config where business_type = ${businessType} and enabled and record_state = 'approved'
    order by step_no`.execute(db);
  return rows;
}

async function instanceSteps(db: Db, instanceId: number): Promise<InstanceStep[]> {
  const { rows } = await sql<InstanceStep>`
    select step_no as "stepNo", step_name as "stepName", step_name_en as "stepNameEn", duty_codes as "dutyCodes"
    from wkfl_instance_step where instance_id = ${instanceId} order by step_no`.execute(db);
  return rows;
}

const INSTANCE_COLUMNS = sql`id, business_type as "businessType", record_id as "recordId", process_name as "processName", status, current_step as "currentStep", submitted_by as "submittedBy", submitted_at as "submittedAt"`;

/**
 * The record's running flow, locked for the caller's transaction (two reviewers cannot both
 * decide one step); `lock` false for a read that decides nothing (may this user attach files).
 */
export async function runningFlow(tx: Db, businessType: string, recordId: number, lock = true): Promise<FlowInstance | null> {
  const { rows } = await sql<Omit<FlowInstance, 'steps'>>`select ${INSTANCE_COLUMNS} from wkfl_instance where business_type = ${businessType} and record_id = ${recordId} and status = 'running' ${lock ? sql`for update` : sql``}`.execute(tx);
  const row = rows[0];
  return row ? { ...row, steps: await instanceSteps(tx, row.id) } : null;
}

/** The record's latest flow, whatever its status. */
async function latestFlow(db: Db, businessType: string, recordId: number): Promise<FlowInstance | null> {
  const { rows } = await sql<Omit<FlowInstance, 'steps'>>`select ${INSTANCE_COLUMNS} from wkfl_instance where business_type = ${businessType} and record_id = ${recordId} order by id desc limit 1`.execute(db);
  const row = rows[0];
  return row ? { ...row, steps: await instanceSteps(db, row.id) } : null;
}

async function addHistory(tx: Db, instanceId: number, stepNo: number | null, action: FlowAction, userId: number, comment: string | null | undefined): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into wkfl_history (instance_id, step_no, action, user_id, comment) values (${instanceId}, ${stepNo}, ${action}, ${userId}, ${comment || null}) returning id`.execute(tx);
  return rows[0]!.id;
}

/** After a submission: a flow starts when the business type has one configured (else the record is reviewed once, as before). */
export async function startFlow(tx: Db, businessType: string, recordId: number, userId: number): Promise<void> {
  const steps = await processSteps(tx, businessType);
  if (steps.length === 0) return;
  const { rows } = await sql<{ id: number }>`
    insert into wkfl_instance (business_type, record_id, process_name, status, current_step, submitted_by)
    values (${businessType}, ${recordId}, ${steps[0]!.processName}, 'running', ${steps[0]!.stepNo}, ${userId}) returning id`.execute(tx);
  const id = rows[0]!.id;
  for (const s of steps) await sql`insert into wkfl_instance_step (instance_id, step_no, step_name, step_name_en, duty_codes) values (${id}, ${s.stepNo}, ${s.stepName}, ${s.stepNameEn}, ${s.dutyCodes})`.execute(tx);
  await addHistory(tx, id, null, 'submit', userId, null);
}

/** The user's active duties' codes. */
export async function userDutyCodes(db: Db, userId: number): Promise<string[]> {
  const { rows } = await sql<{ dutyCode: string }>`select d.duty_code as "dutyCode" from user_duty ud join duty d on d.id = ud.duty_id and d.status = 'active' where ud.user_id = ${userId}`.execute(db);
  return rows.map((r) => r.dutyCode);
}

export const currentStepOf = (flow: FlowInstance) => flow.steps.find((s) => s.stepNo === flow.currentStep) ?? null;
export const isLastStep = (flow: FlowInstance) => flow.currentStep === flow.steps.at(-1)?.stepNo;

type DeciderProblem = { code: number; step?: InstanceStep } | null;

/** Why the user may not decide the flow's current step, or null when they may. */
async function deciderProblem(tx: Db, flow: FlowInstance, userId: number): Promise<DeciderProblem> {
  const step = currentStepOf(flow)!;
  if (flow.submittedBy === userId) return { code: CODE.reviewOwnSubmission };
  const mine = new Set(await userDutyCodes(tx, userId));
  if (!dutyCodesOf(step.dutyCodes).some((d) => mine.has(d))) return { code: CODE.flowNotYourStep, step };
  const { rows } = await sql<{ stepNo: number }>`select step_no as "stepNo" from wkfl_history where instance_id = ${flow.id} and user_id = ${userId} and action = 'pass' limit 1`.execute(tx);
  if (rows[0]) return { code: CODE.flowDecidedBefore, step: flow.steps.find((s) => s.stepNo === rows[0]!.stepNo) ?? step };
  return null;
}

/** Whether the user may decide the flow's current step: 1405 for the submitter, 3000 without a duty of it, 3001 after deciding another step. */
export async function checkDecider(tx: Db, request: FastifyRequest, flow: FlowInstance, userId: number): Promise<void> {
  const problem = await deciderProblem(tx, flow, userId);
  if (problem) throw refuse(problem.code, problem.step ? { step: stepName(problem.step, request.lang) } : {});
}

/** Whether the user may decide the record's running flow now (and so upload files for that decision). */
export async function mayDecideNow(db: Db, businessType: string, recordId: number, userId: number): Promise<boolean> {
  const flow = await runningFlow(db, businessType, recordId, false);
  return !!flow && (await deciderProblem(db, flow, userId)) === null;
}

/**
 * The files a decision names (docs/approvals.md, "A decision's attachments"): each must be the
 * decider's own upload waiting under the record's decision draft (`WKFL:<type>:<id>`), so a file
 * of another user, of another record, or one a decision holds already is refused (3004, naming
 * the first such id). Locked, so two decisions cannot take one file.
 */
export async function checkDecisionFiles(tx: Db, businessType: string, recordId: number, userId: number, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    select id from upload_file where id in (${sql.join(wanted)}) and order_no = ${decisionDraftOrderNo(businessType, recordId)} and created_by = ${userId} and deleted_at is null for update`.execute(tx);
  const found = new Set(rows.map((r) => r.id));
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw refuse(CODE.flowFileRefused, { file: missing });
  return wanted;
}

/**
 * Writes the decision on the current step, with the files checkDecisionFiles let through (moved
 * under the decision's own orderNo): a pass before the last moves the flow on; anything else ends it.
 */
export async function decide(tx: Db, flow: FlowInstance, decision: 'pass' | 'refuse' | 'back', userId: number, comment: string | undefined, fileIds: readonly number[] = []): Promise<void> {
  const step = flow.currentStep!;
  const historyId = await addHistory(tx, flow.id, step, decision, userId, comment);
  if (fileIds.length) await sql`update upload_file set order_no = ${decisionOrderNo(historyId)} where id in (${sql.join([...fileIds])})`.execute(tx);
  if (decision === 'pass' && !isLastStep(flow)) {
    const next = flow.steps[flow.steps.findIndex((s) => s.stepNo === step) + 1]!.stepNo;
    await sql`update wkfl_instance set current_step = ${next} where id = ${flow.id}`.execute(tx);
    return;
  }
  const status: FlowStatus = decision === 'pass' ? 'approved' : decision === 'refuse' ? 'refused' : 'returned';
  await sql`update wkfl_instance set status = ${status}, current_step = null, ended_at = now() where id = ${flow.id}`.execute(tx);
}

// ---- Reading flows --------------------------------------------------------------------

interface Person {
  id: number;
  userName: string;
  userNameEn: string | null;
}

/** Who holds any of the duties (active users with active duties), by name, each name once. */
async function holders(db: Db, dutyCodes: string[], lang: Language): Promise<string[]> {
  if (dutyCodes.length === 0) return [];
  const { rows } = await sql<Person>`
    select distinct u.id, u.user_name as "userName", u.user_name_en as "userNameEn" from app_user u
    join user_duty ud on ud.user_id = u.id join duty d on d.id = ud.duty_id and d.status = 'active'
    where d.duty_code in (${sql.join(dutyCodes)}) and u.status = 'active' order by u.id`.execute(db);
  // Two people may share a name; the list says who, once each name.
  return [...new Set(rows.map((r) => personName(r, lang)))];
}

interface HistoryRow extends Person {
  historyId: number;
  instanceId: number;
  stepNo: number | null;
  action: FlowAction;
  comment: string | null;
  decidedAt: Date;
}

async function historyRows(db: Db, businessType: string, recordId: number): Promise<HistoryRow[]> {
  const { rows } = await sql<HistoryRow>`
    select h.id as "historyId", h.instance_id as "instanceId", h.step_no as "stepNo", h.action, h.comment, h.decided_at as "decidedAt",
      u.id, u.user_name as "userName", u.user_name_en as "userNameEn"
    from wkfl_history h join wkfl_instance i on i.id = h.instance_id join app_user u on u.id = h.user_id
    where i.business_type = ${businessType} and i.record_id = ${recordId}
    order by h.id`.execute(db);
  return rows;
}

/** The files each decision holds (by its orderNo), in upload order. */
async function decisionFiles(db: Db, historyIds: number[]): Promise<Map<string, Array<{ id: number; fileName: string }>>> {
  const out = new Map<string, Array<{ id: number; fileName: string }>>();
  if (historyIds.length === 0) return out;
  const { rows } = await sql<{ id: number; orderNo: string; fileName: string }>`
    select id, order_no as "orderNo", original_file_name as "fileName" from upload_file
    where order_no in (${sql.join(historyIds.map(decisionOrderNo))}) and deleted_at is null order by id`.execute(db);
  for (const r of rows) out.set(r.orderNo, [...(out.get(r.orderNo) ?? []), { id: r.id, fileName: r.fileName }]);
  return out;
}

/** Widgets §3 "Approval history item" for every submission and decision of the record, in time order. */
export async function historyList(db: Db, request: FastifyRequest, businessType: string, recordId: number): Promise<ApprovalHistoryItem[]> {
  const lang = request.lang;
  const rows = await historyRows(db, businessType, recordId);
  const stepsOf = new Map<number, InstanceStep[]>();
  for (const id of new Set(rows.map((r) => r.instanceId))) stepsOf.set(id, await instanceSteps(db, id));
  const files = await decisionFiles(db, rows.map((r) => r.historyId));
  const out: ApprovalHistoryItem[] = [];
  for (const r of rows) {
    const steps = stepsOf.get(r.instanceId)!;
    const at = steps.findIndex((s) => s.stepNo === r.stepNo);
    // Where the record went next: the first step after a submission, the next after a pass before the last; nowhere otherwise.
    const next = r.action === 'submit' ? steps[0] : r.action === 'pass' ? steps[at + 1] : undefined;
    out.push({
      id: r.historyId,
      currentState: r.action,
      approveInfo: r.comment,
      approveLabel: r.action === 'submit' ? request.t('wkfl.submit') : stepName(steps[at]!, lang),
      approvePerson: personName(r, lang),
      nextApproveLabel: next ? stepName(next, lang) : null,
      nextApprovePerson: next ? await holders(db, dutyCodesOf(next.dutyCodes), lang) : [],
      dateTime: r.decidedAt.toISOString(),
      approveInfoLabel: request.t('wkfl.comment'),
      fileList: files.get(decisionOrderNo(r.historyId)) ?? [],
    });
  }
  return out;
}

/**
 * The flow step bar's steps (widgets §3 "Flow step", §4): step 0 the submission, then the
 * latest flow's steps (the configured ones when none ran). Complete: the submission while the
 * flow runs or after it approved or refused, and each passed step; a flow sent back starts
 * again from the submission, so nothing of it is complete. The current step is the one after
 * the last complete (src/shared/workflow.ts, activeStepIndex), while the flow runs.
 */
export async function flowSteps(db: Db, request: FastifyRequest, businessType: string, recordId: number): Promise<FlowStep[]> {
  const lang = request.lang;
  const flow = await latestFlow(db, businessType, recordId);
  const steps = flow ? flow.steps : await processSteps(db, businessType);
  if (steps.length === 0) return [];
  const decisions = flow ? (await historyRows(db, businessType, recordId)).filter((r) => r.instanceId === flow.id) : [];
  const returned = flow?.status === 'returned';
  const submission = decisions.find((d) => d.action === 'submit');
  const info = (d: HistoryRow | undefined) =>
    d
      ? [
          { label: request.t('wkfl.approver'), value: personName(d, lang) },
          { label: request.t('wkfl.time'), value: d.decidedAt.toISOString() },
          ...(d.action === 'submit' ? [] : [{ label: request.t('wkfl.decision'), value: request.t(`wkfl.action.${d.action}`) }]),
          ...(d.comment ? [{ label: request.t('wkfl.comment'), value: d.comment }] : []),
        ]
      : [];
  const out: FlowStep[] = [
    { id: SUBMIT_STEP_ID, flowName: request.t('wkfl.submit'), isComplete: !!flow && !returned, isCurrent: !flow || returned, flowInfo: returned ? [] : info(submission) },
  ];
  for (const s of steps) {
    const decision = decisions.filter((d) => d.stepNo === s.stepNo).at(-1);
    const current = flow?.status === 'running' && flow.currentStep === s.stepNo;
    out.push({
      id: s.stepNo,
      flowName: stepName(s, lang),
      isComplete: !returned && decision?.action === 'pass',
      isCurrent: current,
      flowInfo: current ? [{ label: request.t('wkfl.approver'), value: (await holders(db, dutyCodesOf(s.dutyCodes), lang)).join(', ') || request.t('wkfl.pending') }] : info(decision),
    });
  }
  return out;
}

/** The process a business type follows now, with its duties' names, for the flow chart. */
export async function flowChart(db: Db, request: FastifyRequest, businessType: string): Promise<FlowChart> {
  const steps = await processSteps(db, businessType);
  const codes = [...new Set(steps.flatMap((s) => dutyCodesOf(s.dutyCodes)))];
  const names = new Map<string, string>();
  if (codes.length) {
    const { rows } = await sql<{ dutyCode: string; dutyName: string; dutyNameEn: string | null }>`select duty_code as "dutyCode", duty_name as "dutyName", duty_name_en as "dutyNameEn" from duty where duty_code in (${sql.join(codes)})`.execute(db);
    for (const r of rows) names.set(r.dutyCode, request.lang === 'en-US' && r.dutyNameEn ? r.dutyNameEn : r.dutyName);
  }
  return {
    businessType,
    processName: steps[0] ? (request.lang === 'en-US' && steps[0].processNameEn ? steps[0].processNameEn : steps[0].processName) : null,
    steps: steps.map((s) => ({ stepNo: s.stepNo, stepName: stepName(s, request.lang), duties: dutyCodesOf(s.dutyCodes).map((d) => ({ dutyCode: d, dutyName: names.get(d) ?? d })) })),
  };
}


/**
 * The user's to-do tasks: running flows at a step one of their duties may decide, which they
 * neither submitted nor decided a step of, oldest first.
 */
export async function todoPage(db: Db, request: FastifyRequest, userId: number, start: number, limit: number): Promise<{ rows: FlowTask[]; total: number }> {
  const duties = await userDutyCodes(db, userId);
  if (duties.length === 0) return { rows: [], total: 0 };
  // duty_codes is a short comma list: match a whole code inside it.
  const mine = sql.join(duties.map((d) => sql`(',' || replace(s.duty_codes, ' ', '') || ',') like ${`%,${d},%`}`), sql` or `);
  const where = sql`i.status = 'running' and i.submitted_by <> ${userId} and (${mine})
    and not exists (select 1 from wkfl_history h where h.instance_id = i.id and h.user_id = ${userId} and h.action = 'pass')`;
  const from = sql`from wkfl_instance i join wkfl_instance_step s on s.instance_id = i.id and s.step_no = i.current_step join app_user u on u.id = i.submitted_by`;
  const total = (await sql<{ n: number }>`select count(*)::int as n ${from} where ${where}`.execute(db)).rows[0]!.n;
  const { rows } = await sql<{ instanceId: number; businessType: string; recordId: number; stepNo: number; stepName: string; stepNameEn: string; userName: string; userNameEn: string | null; submittedAt: Date }>`
    select i.id as "instanceId", i.business_type as "businessType", i.record_id as "recordId", s.step_no as "stepNo", s.step_name as "stepName", s.step_name_en as "stepNameEn",
      u.user_name as "userName", u.user_name_en as "userNameEn", i.submitted_at as "submittedAt"
    ${from} where ${where} order by i.submitted_at, i.id limit ${limit} offset ${(start - 1) * limit}`.execute(db);
  const out: FlowTask[] = [];
  for (const r of rows) {
    const def = reviewedResource(r.businessType);
    let title = String(r.recordId);
    if (def?.title) {
      const found = await sql<{ title: unknown }>`select ${sql.ref(snake(def.title))} as "title" from ${sql.table(def.table)} where id = ${r.recordId}`.execute(db);
      if (found.rows[0]) title = String(found.rows[0].title);
    }
    out.push({
      instanceId: r.instanceId,
      businessType: r.businessType,
      businessName: def ? def.label[request.lang] : r.businessType,
      recordId: r.recordId,
      title,
      stepNo: r.stepNo,
      stepName: stepName(r, request.lang),
      submitter: personName(r, request.lang),
      submittedAt: r.submittedAt.toISOString(),
      status: 'running',
    });
  }
  return { rows: out, total };
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** process-config: the business type names a reviewed resource, and its step numbers are unique among its rows. */
export async function checkProcessStep(tx: Db, body: Record<string, unknown>, exceptId: number | null): Promise<void> {
  const businessType = String(body.businessType ?? '');
  if (!reviewedResource(businessType)) throw refuse(CODE.flowBusinessTypeUnknown, { type: businessType });
  const { rows } = await sql<{ id: number }>`select id from process_config where business_type = ${businessType} and step_no = ${Number(body.stepNo)} and id <> ${exceptId ?? 0} limit 1`.execute(tx);
  if (rows[0]) throw refuse(CODE.flowStepTaken, { type: businessType, step: Number(body.stepNo) });
}
