import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { activeStepIndex } from '../../src/shared/workflow';
import type { ApprovalHistoryItem, FlowChart, FlowStep, FlowTask } from '../../src/shared/contract/wkfl';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; recordState: string; enabled: boolean };
type Answer<T> = { code: number; msg: string; data: T };

/**
 * Issue 15 points 1 and 2 on the real app: the seeded two-step flows of rate plans and finance
 * organisation applications, driven by each resource's own review call; who may decide which
 * step; the to-do lists; the history, the flow steps and the chart; process-config's checks.
 */
describe.each(availableBackends())('approval flows on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let checker: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ admin, checker, staff } = await t.loginDemo());
  });
  afterAll(async () => {
    await t?.dispose();
  });

  // The test client fetches a create call's request token itself, as the browser's does.
  const post = async <T = Row>(path: string, body: unknown, token: string, lang?: string) => (await t.post<T>(path, body, { token, lang })) as { status: number; body: Answer<T> };
  const plan = (name: string) => ({ planName: name, applyType: 'ADD', rateType: 'LPR', floatRate: 0.35, effectiveDate: '2026-12-01' });
  const ref = (id: number) => ({ businessType: 'rate-plan', recordId: id });
  const history = async (id: number, token = staff, lang?: string) => (await post<ApprovalHistoryItem[]>('/api/wkfl/workdesk/task-form/query/task-history/list', ref(id), token, lang)).body;
  const steps = async (id: number, token = staff) => (await post<FlowStep[]>('/api/wkfl/workdesk/task-form/query/flow-step/list', ref(id), token)).body.data;
  const todo = async (token: string) => (await post<{ rows: FlowTask[]; total: number }>('/api/wkfl/workdesk/task/query/todo-list', { start: 1, limit: 100 }, token)).body.data;
  const review = (id: number, version: number, decision: string, token: string, comment?: string, lang?: string) => post('/api/fsmc/rate-plan/review', { id, version, decision, ...(comment ? { comment } : {}) }, token, lang);

  describe('a rate plan through its two steps', () => {
    let row: Row;
    it('submitting starts the flow: history says who submitted and who decides next; the first step is current', async () => {
      const res = await post('/api/fsmc/rate-plan/save-and-submit', plan('两步审批方案'), staff);
      expect(res.body.code).toBe(0);
      row = res.body.data;
      expect(row).toMatchObject({ recordState: 'submitted', version: 1 });
      expect(String(row.planNo)).toMatch(/^RP\d{6}$/);
      const h = await history(row.id);
      expect(h.code).toBe(0);
      expect(h.data).toEqual([
        expect.objectContaining({ currentState: 'submit', approveLabel: '提交申请', approvePerson: '张会计', approveInfo: null, nextApproveLabel: '部门复核', approveInfoLabel: '审批意见', fileList: [] }),
      ]);
      expect(h.data[0]!.nextApprovePerson).toEqual(expect.arrayContaining(['系统管理员', '复核员']));
      const s = await steps(row.id);
      expect(s.map((x) => [x.id, x.flowName, x.isComplete, x.isCurrent])).toEqual([
        [0, '提交申请', true, false],
        [1, '部门复核', false, true],
        [2, '资金主管审批', false, false],
      ]);
      expect(activeStepIndex(s)).toBe(1);
    });

    it('the approvers see it in their to-do lists; the submitter does not', async () => {
      expect((await todo(admin)).rows.map((r) => r.recordId)).toContain(row.id);
      expect((await todo(checker)).rows.find((r) => r.recordId === row.id)).toMatchObject({ businessType: 'rate-plan', businessName: '利率方案', title: row.planNo, stepNo: 1, stepName: '部门复核', submitter: '张会计', status: 'running' });
      expect((await todo(staff)).rows.map((r) => r.recordId)).not.toContain(row.id);
    });

    it('the submitter cannot decide their own application (1405), nor a user without the step’s duty', async () => {
      const own = await review(row.id, 1, 'pass', staff);
      expect(own.body.code).toBe(CODE.reviewOwnSubmission);
      // The clerk holds the rate-plan function but not the ADMIN duty the steps ask for.
      const byChecker = (await post('/api/fsmc/rate-plan/save-and-submit', plan('复核员提交的方案'), checker)).body.data;
      const notMine = await review(byChecker.id, 1, 'pass', staff);
      expect([notMine.body.code, notMine.body.msg]).toEqual([CODE.flowNotYourStep, '该记录当前在「部门复核」步骤，您的岗位不能审批此步骤']);
    });

    it('a pass on the first step moves the flow on and leaves the record submitted at a new version', async () => {
      const res = await review(row.id, 1, 'pass', admin, '利率合理，同意');
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({ id: row.id, recordState: 'submitted', version: 2 });
      // Who last changed it stays the submitter (whose own review the four-eyes check refuses).
      const stored = await sql<{ by: number }>`select updated_by as by from rate_plan where id = ${row.id}`.execute(t.db);
      const staffId = (await t.db.selectFrom('appUser').select('id').where('userCode', '=', DEMO.staff.userCode).executeTakeFirstOrThrow()).id;
      expect(stored.rows[0]!.by).toBe(staffId);
      const s = await steps(row.id);
      expect(s.map((x) => [x.isComplete, x.isCurrent])).toEqual([[true, false], [true, false], [false, true]]);
      expect(activeStepIndex(s)).toBe(2);
      expect(s[1]!.flowInfo).toEqual(expect.arrayContaining([{ label: '审批人', value: '系统管理员' }, { label: '审批结果', value: '通过' }, { label: '审批意见', value: '利率合理，同意' }]));
      expect((await todo(admin)).rows.map((r) => r.recordId)).not.toContain(row.id);
      expect((await todo(checker)).rows.find((r) => r.recordId === row.id)).toMatchObject({ stepNo: 2, stepName: '资金主管审批' });
    });

    it('a decision made on the first step is not taken for the second: the record read then is stale (1403)', async () => {
      // The checker read the record while the first step was waiting and passes it after the admin did.
      const late = await review(row.id, 1, 'pass', checker, undefined, 'en-US');
      expect(late.body.code).toBe(CODE.recordStale);
      expect((await steps(row.id)).map((x) => x.isCurrent)).toEqual([false, false, true]);
      expect((await history(row.id)).data.map((x) => x.currentState)).toEqual(['submit', 'pass']);
    });

    it('the one who decided the first step cannot decide the second (3001)', async () => {
      const again = await review(row.id, 2, 'pass', admin, undefined, 'en-US');
      expect([again.body.code, again.body.msg]).toEqual([CODE.flowDecidedBefore, 'You decided the step “Department check” of this flow already: each step is decided by someone else']);
    });

    it('another approver sends it back: the record returns to the submitter and the flow starts again from the submission', async () => {
      const res = await review(row.id, 2, 'back', checker, '浮动点数偏高，请调整');
      expect(res.body.data).toMatchObject({ recordState: 'returned', version: 3 });
      const h = (await history(row.id)).data;
      expect(h.map((x) => [x.currentState, x.approveLabel, x.approvePerson, x.approveInfo])).toEqual([
        ['submit', '提交申请', '张会计', null],
        ['pass', '部门复核', '系统管理员', '利率合理，同意'],
        ['back', '资金主管审批', '复核员', '浮动点数偏高，请调整'],
      ]);
      expect(h[1]!.nextApproveLabel).toBe('资金主管审批');
      expect([h[2]!.nextApproveLabel, h[2]!.nextApprovePerson]).toEqual([null, []]);
      expect(new Date(h[2]!.dateTime).getTime()).toBeGreaterThanOrEqual(new Date(h[1]!.dateTime).getTime());
      const s = await steps(row.id);
      expect(s.map((x) => [x.isComplete, x.isCurrent])).toEqual([[false, true], [false, false], [false, false]]);
      expect(activeStepIndex(s)).toBe(0);
      expect((await todo(checker)).rows.map((r) => r.recordId)).not.toContain(row.id);
      // In English, the same history in the reader's language.
      const en = (await history(row.id, staff, 'en-US')).data;
      expect(en.map((x) => [x.approveLabel, x.approvePerson])).toEqual([['Submission', 'Zhang (clerk)'], ['Department check', 'Administrator'], ['Treasury manager approval', 'Checker']]);
    });

    it('resubmitted, a new flow runs: checker passes the first step, admin the last, and the record is approved', async () => {
      const res = await post('/api/fsmc/rate-plan/update-and-submit', { id: row.id, version: 3, ...plan('两步审批方案'), floatRate: 0.2 }, staff);
      expect(res.body.data).toMatchObject({ recordState: 'submitted', version: 4 });
      expect((await review(row.id, 4, 'pass', checker, '同意')).body.data).toMatchObject({ recordState: 'submitted', version: 5 });
      const last = await review(row.id, 5, 'pass', admin, '批准');
      expect(last.body.data).toMatchObject({ recordState: 'approved', enabled: true, version: 6 });
      const h = (await history(row.id)).data;
      expect(h.map((x) => x.currentState)).toEqual(['submit', 'pass', 'back', 'submit', 'pass', 'pass']);
      const s = await steps(row.id);
      expect(s.every((x) => x.isComplete && !x.isCurrent)).toBe(true);
      expect(activeStepIndex(s)).toBe(-1);
      // Approved, the lifecycle allows no more decisions.
      expect((await review(row.id, 6, 'pass', checker)).body.code).toBe(CODE.recordIllegalStep);
    });

    it('a refusal ends the flow and refuses the record', async () => {
      const made = (await post('/api/fsmc/rate-plan/save-and-submit', plan('被拒绝的方案'), staff)).body.data;
      const res = await review(made.id, 1, 'refuse', checker, '不符合政策');
      expect(res.body.data).toMatchObject({ recordState: 'refused' });
      expect((await history(made.id)).data.map((x) => [x.currentState, x.approveInfo])).toEqual([['submit', null], ['refuse', '不符合政策']]);
      const s = await steps(made.id);
      expect(s.map((x) => [x.isComplete, x.isCurrent])).toEqual([[true, false], [false, false], [false, false]]);
    });

    it('a draft has no history yet, and its steps are the configured ones with the submission current', async () => {
      const draft = (await post('/api/fsmc/rate-plan/add', plan('草稿方案'), staff)).body.data;
      expect(draft.recordState).toBe('draft');
      expect((await history(draft.id)).data).toEqual([]);
      expect((await steps(draft.id)).map((x) => [x.id, x.isCurrent])).toEqual([[0, true], [1, false], [2, false]]);
      // Submitted later, the flow starts the same way.
      await post('/api/fsmc/rate-plan/submit', { id: draft.id, version: 1 }, staff);
      expect((await history(draft.id)).data.map((x) => x.currentState)).toEqual(['submit']);
    });
  });

  describe('finance organisation applications', () => {
    it.each(['enter', 'modify', 'back'])('finance-org-%s goes through its two steps', async (kind) => {
      const path = `/api/fsmc/finance-org-${kind}`;
      const made = (await post(`${path}/save-and-submit`, { orgName: '测试金融机构', bankCode: 'B102', reason: '业务需要' }, staff)).body.data;
      expect(made.recordState).toBe('submitted');
      expect((await post(`${path}/review`, { id: made.id, version: 1, decision: 'pass' }, admin)).body.data).toMatchObject({ recordState: 'submitted', version: 2 });
      expect((await post(`${path}/review`, { id: made.id, version: 2, decision: 'pass' }, checker)).body.data).toMatchObject({ recordState: 'approved' });
      const h = await post<ApprovalHistoryItem[]>('/api/wkfl/workdesk/task-form/query/task-history/list', { businessType: `finance-org-${kind}`, recordId: made.id }, staff);
      expect(h.body.data.map((x) => x.currentState)).toEqual(['submit', 'pass', 'pass']);
    });
  });

  describe('who reads a flow, and the chart', () => {
    it('the chart is the configured process, with its duties’ names', async () => {
      const res = await post<FlowChart>('/api/wkfl/process-config/query/flow-chart', { businessType: 'rate-plan' }, staff);
      expect(res.body.data).toEqual({
        businessType: 'rate-plan',
        processName: '利率方案审批流程',
        steps: [
          { stepNo: 1, stepName: '部门复核', duties: [{ dutyCode: 'ADMIN', dutyName: '系统管理员' }] },
          { stepNo: 2, stepName: '资金主管审批', duties: [{ dutyCode: 'ADMIN', dutyName: '系统管理员' }] },
        ],
      });
    });

    it('in English the chart names the process, its steps and duties in English', async () => {
      const res = await post<FlowChart>('/api/wkfl/process-config/query/flow-chart', { businessType: 'rate-plan' }, staff, 'en-US');
      expect(res.body.data).toEqual({
        businessType: 'rate-plan',
        processName: 'Rate plan approval',
        steps: [
          { stepNo: 1, stepName: 'Department check', duties: [{ dutyCode: 'ADMIN', dutyName: 'System administrator' }] },
          { stepNo: 2, stepName: 'Treasury manager approval', duties: [{ dutyCode: 'ADMIN', dutyName: 'System administrator' }] },
        ],
      });
    });

    it('a business type that is not reviewed is refused (3003); one whose function the caller lacks is 403', async () => {
      const unknown = await post('/api/wkfl/workdesk/task-form/query/task-history/list', { businessType: 'currency', recordId: 1 }, admin);
      expect([unknown.body.code, unknown.body.msg]).toEqual([CODE.flowBusinessTypeUnknown, '「currency」不是需要审核的业务类型']);
      const denied = await post('/api/wkfl/workdesk/task-form/query/flow-step/list', { businessType: 'cert-set', recordId: 1 }, staff);
      expect(denied.status).toBe(403);
    });

    it('takes a data source’s paging and still answers the whole list', async () => {
      const res = await post<ApprovalHistoryItem[]>('/api/wkfl/workdesk/task-form/query/task-history/list', { businessType: 'rate-plan', recordId: 1, start: 1, limit: 10 }, staff);
      expect(res.body.code).toBe(0);
      expect(Array.isArray(res.body.data)).toBe(true);
    });

    it('a reviewed type without a configured flow is reviewed once, as before, and has no steps', async () => {
      const s = await post<FlowStep[]>('/api/wkfl/workdesk/task-form/query/flow-step/list', { businessType: 'rate-add', recordId: 1 }, admin);
      expect(s.body).toMatchObject({ code: 0, data: [] });
    });
  });

  describe('process-config administration', () => {
    const step = (extra: Record<string, unknown> = {}) => ({ businessType: 'rate-add', processName: '基准利率审批', processNameEn: 'Base rate approval', stepNo: 1, stepName: '复核', stepNameEn: 'Check', dutyCodes: 'ADMIN', ...extra });
    it('refuses a business type that is not reviewed, and a step number taken', async () => {
      const bad = await post('/api/fsmc/process-config/add', step({ businessType: 'currency' }), admin);
      expect(bad.body.code).toBe(CODE.flowBusinessTypeUnknown);
      const taken = await post('/api/fsmc/process-config/add', step({ businessType: 'rate-plan' }), admin);
      expect([taken.body.code, taken.body.msg]).toEqual([CODE.flowStepTaken, '业务类型「rate-plan」已有第 1 步']);
      const staffTry = await post('/api/fsmc/process-config/add', step(), staff);
      expect(staffTry.status).toBe(403);
    });

    it('a one-step flow configured for rate-add governs the next submission; stopping it ends that', async () => {
      const cfg = (await post('/api/fsmc/process-config/add', step({ dutyCodes: 'ADMIN, STAFF' }), admin)).body;
      expect(cfg.code).toBe(0);
      const app = (await post('/api/fsmc/rate-add/save-and-submit', { rateType: 'LPR', currencyCode: 'CNY', tenor: '1Y', rateValue: 3.1, effectiveDate: '2026-12-20' }, staff)).body.data;
      const s = await post<FlowStep[]>('/api/wkfl/workdesk/task-form/query/flow-step/list', { businessType: 'rate-add', recordId: app.id }, admin);
      expect(s.body.data.map((x) => x.flowName)).toEqual(['提交申请', '复核']);
      // The only step is the last: one pass approves.
      expect((await post('/api/fsmc/rate-add/review', { id: app.id, version: 1, decision: 'pass' }, admin)).body.data).toMatchObject({ recordState: 'approved' });
      await post('/api/fsmc/process-config/stop', { id: cfg.data.id, version: cfg.data.version }, admin);
      const chart = await post<FlowChart>('/api/wkfl/process-config/query/flow-chart', { businessType: 'rate-add' }, admin);
      expect(chart.body.data.steps).toEqual([]);
    });
  });
});
