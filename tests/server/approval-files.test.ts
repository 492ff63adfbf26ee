import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { decisionDraftOrderNo } from '../../src/shared/attachments';
import type { ApprovalHistoryItem } from '../../src/shared/contract/wkfl';
import type { UploadedFile } from '../../src/shared/contract/upload';
import { hashPassword } from '../../server/security/password';
import { createSession } from '../../server/security/sessions';
import { availableBackends } from './support/backends';
import { startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; recordState: string };
type Answer<T> = { code: number; msg: string; data: T };

const UPLOAD = '/api/fsmc/components/upload';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A multipart body as a browser's FormData sends it: the fields, then the file part. */
function multipart(fields: Record<string, string>, file: { name: string; content: Buffer }) {
  const boundary = `----wkfltest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Issue 15 point 1, "every decision with its person, time, comment and attachments"
 * (docs/approvals.md, "A decision's attachments"): a reviewer uploads files for their coming
 * decision, the decision names them, the history answers them, and they are read by whoever may
 * read the record; a decision naming a file that is not the decider's own upload for it is refused.
 */
describe.each(availableBackends())('a decision’s attachments on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let checker: string;
  let staff: string;
  let outsider: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ admin, checker, staff } = await t.loginDemo());
    // A user with no duty: no function of rate plans, so no rate plan is theirs to see.
    const id = (
      await t.db
        .insertInto('appUser')
        .values({ userCode: 'wkfl-outsider', userName: '外人', passwordHash: await hashPassword('Whatever#2026'), userType: 2, staffType: 2, orgId: null, status: 'active', userNameEn: null, email: null, gender: null, lang: null, themeName: null, navColor: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    outsider = await createSession(t.db, id, { idleMinutes: 30, maxHours: 12 });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  // The test client fetches a create call's request token itself, as the browser's does.
  const post = async <T = Row>(path: string, body: unknown, token: string, lang?: string) => (await t.post<T>(path, body, { token, lang })) as { status: number; body: Answer<T> };
  const submitPlan = async (name: string) => (await post('/api/fsmc/rate-plan/save-and-submit', { planName: name, applyType: 'ADD', rateType: 'LPR', floatRate: 0.35, effectiveDate: '2026-12-01' }, staff)).body.data;
  const upload = async (token: string, orderNo: string, name = '复核意见.pdf') => {
    const { payload, headers } = multipart({ orderNo, systemCode: '11', contentFilter: 'false' }, { name, content: PDF });
    const res = await t.app.inject({ method: 'POST', url: `${UPLOAD}/upload-file`, payload, headers: { ...headers, JwtToken: token } });
    return res.json() as Answer<UploadedFile>;
  };
  const review = (id: number, version: number, decision: string, token: string, fileIdList?: number[], lang?: string) =>
    post('/api/fsmc/rate-plan/review', { id, version, decision, comment: `${decision} with files`, ...(fileIdList ? { fileIdList } : {}) }, token, lang);
  const history = async (id: number, token = staff) => (await post<ApprovalHistoryItem[]>('/api/wkfl/workdesk/task-form/query/task-history/list', { businessType: 'rate-plan', recordId: id }, token)).body;
  const download = async (id: number, token?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD}/download-file?id=${id}`, headers: token ? { JwtToken: token } : {} });
    return { status: res.statusCode, bytes: res.rawPayload, body: String(res.headers['content-type']).includes('json') ? (res.json() as Answer<null>) : null };
  };

  it('a pass with a file: the history answers it on that decision, and whoever may read the record downloads it', async () => {
    const plan = await submitPlan('附件审批方案');
    const uploaded = await upload(admin, decisionDraftOrderNo('rate-plan', plan.id));
    expect(uploaded).toMatchObject({ code: 0, data: { originalFileName: '复核意见.pdf' } });
    // Waiting for the decision, the file is its uploader's alone.
    const listed = async (token: string) => (await post<UploadedFile[]>(`${UPLOAD}/query-upload-file-list`, { orderNo: decisionDraftOrderNo('rate-plan', plan.id) }, token)).body;
    expect((await listed(admin)).data.map((f) => f.id)).toEqual([uploaded.data.id]);
    expect((await listed(checker)).data).toEqual([]);
    expect((await download(uploaded.data.id, staff)).body?.code).toBe(CODE.uploadFileNotFound);

    const passed = await review(plan.id, plan.version, 'pass', admin, [uploaded.data.id]);
    expect(passed.body).toMatchObject({ code: 0, data: { recordState: 'submitted', version: plan.version + 1 } });
    // The second step's decisions are made on the record as the first step's pass left it.
    const atSecond = (passed.body.data as Row).version;
    const h = await history(plan.id);
    expect(h.code).toBe(0);
    expect(h.data.map((x) => [x.currentState, x.fileList])).toEqual([
      ['submit', []],
      ['pass', [{ id: uploaded.data.id, fileName: '复核意见.pdf' }]],
    ]);
    // The decision holds the file now: no longer waiting, so not the uploader's list of waiting files.
    expect((await listed(admin)).data).toEqual([]);

    // The submitter, the other approver and the uploader read it; a user who may not see rate plans does not, nor a caller without a session.
    for (const token of [staff, checker, admin]) {
      const res = await download(uploaded.data.id, token);
      expect(res.status).toBe(200);
      expect(res.bytes).toEqual(PDF);
    }
    expect((await download(uploaded.data.id, outsider)).body?.code).toBe(CODE.uploadFileNotFound);
    expect((await download(uploaded.data.id)).status).toBe(401);
    expect((await post('/api/wkfl/workdesk/task-form/query/task-history/list', { businessType: 'rate-plan', recordId: plan.id }, outsider)).status).toBe(403);
    // Held by a decision, the file is nobody's to delete.
    expect((await post(`${UPLOAD}/delete-file`, { id: uploaded.data.id }, admin)).body.code).toBe(CODE.uploadRecordLocked);

    // The second step: a file a decision holds already, or another user's, is refused by id (3004); the decider's own goes with the back.
    expect((await review(plan.id, atSecond, 'back', checker, [uploaded.data.id])).body.code).toBe(CODE.flowFileRefused);
    const others = await upload(admin, decisionDraftOrderNo('rate-plan', plan.id));
    // admin passed the first step: the second is not theirs, so nothing to upload for (2708, the record's files are read-only to them).
    expect(others.code).toBe(CODE.uploadRecordLocked);
    const another = await submitPlan('另一个方案');
    const elsewhere = await upload(checker, decisionDraftOrderNo('rate-plan', another.id));
    expect(elsewhere.code).toBe(0);
    const refused = await review(plan.id, atSecond, 'back', checker, [elsewhere.data.id], 'en-US');
    expect([refused.body.code, refused.body.msg]).toEqual([CODE.flowFileRefused, `The file numbered ${elsewhere.data.id} is not one you uploaded for this decision, so it cannot go with it`]);
    const mine = await upload(checker, decisionDraftOrderNo('rate-plan', plan.id), '退回说明.pdf');
    expect(mine.code).toBe(0);
    expect((await review(plan.id, atSecond, 'back', checker, [mine.data.id])).body).toMatchObject({ code: 0, data: { recordState: 'returned' } });
    expect((await history(plan.id)).data.map((x) => x.fileList.map((f) => f.fileName))).toEqual([[], ['复核意见.pdf'], ['退回说明.pdf']]);
    // The refused file stayed where it was, for the decision on the other record.
    expect((await post<UploadedFile[]>(`${UPLOAD}/query-upload-file-list`, { orderNo: decisionDraftOrderNo('rate-plan', another.id) }, checker)).body.data.map((f) => f.id)).toEqual([elsewhere.data.id]);
  });

  it('a file of another user waiting on the same record is refused (3004); the submitter uploads nothing for a decision on their own record', async () => {
    const plan = await submitPlan('他人附件方案');
    const checkers = await upload(checker, decisionDraftOrderNo('rate-plan', plan.id));
    expect(checkers.code).toBe(0);
    expect((await review(plan.id, plan.version, 'pass', admin, [checkers.data.id])).body.code).toBe(CODE.flowFileRefused);
    expect((await upload(staff, decisionDraftOrderNo('rate-plan', plan.id))).code).toBe(CODE.uploadRecordLocked);
    expect((await upload(outsider, decisionDraftOrderNo('rate-plan', plan.id))).code).toBe(CODE.uploadOwnerUnknown);
    // Nothing was decided by the refusals.
    expect((await history(plan.id)).data.map((x) => x.currentState)).toEqual(['submit']);
  });

  it('a review of a record without a running flow carries no files (3005)', async () => {
    const res = await post('/api/fsmc/rate-add/save-and-submit', { rateType: 'LPR', currencyCode: 'CNY', tenor: '1Y', rateValue: 3.1, effectiveDate: '2026-12-01' }, staff);
    expect(res.body.code).toBe(0);
    const row = res.body.data;
    const decided = await post('/api/fsmc/rate-add/review', { id: row.id, version: row.version, decision: 'pass', fileIdList: [1] }, admin);
    expect(decided.body.code).toBe(CODE.flowFilesWithoutFlow);
  });
});
