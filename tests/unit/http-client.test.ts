/**
 * @jest-environment node
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { demoUsers, seedIfEmpty } from '../../server/db/seed';
import { ok } from '../../server/http/answer';
import { HEADERS, UPLOAD_CONTENT_FILTER_FIELD } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { httpConfig } from '../../src/services/http/config';
import { ApiError, cancelPending, confirmPending, download, fileNameOf, list, page, remove, request, upload } from '../../src/services/http/client';
import { forgetEnvelopeKey } from '../../src/services/http/envelope-key';
import { createActor } from 'xstate';
import { call } from '../../src/services/http/call';
import { contract } from '../../src/shared/contract';
import { httpEvents, type PreconditionEvent, type ToastEvent } from '../../src/services/http/events';
import { answerQuestion } from '../../src/services/http/questions';
import { confirmationLogic, listenForConfirmations } from '../../src/widgets/request-layer/confirmation-logic';
import { loading } from '../../src/services/http/loading';
import { i18n } from '../../src/services/i18n/i18n';
import { local, session } from '../../src/services/storage';
import zh from '../../locale/request/zh-CN/index.json';
import en from '../../locale/request/en-US/index.json';

/**
 * The browser's HTTP client against the real portal server, started here on a fresh embedded
 * database: no mocked fetch, Node's own. PGlite cannot start inside a jsdom environment, so
 * this file runs in Node and borrows a jsdom window whose origin is the server's for what
 * fetch does not give: localStorage, sessionStorage and (for uploads) XMLHttpRequest.
 */
// Logins hash with scrypt at full cost: give each test room on a busy machine.
jest.setTimeout(30_000);
// Beside the run's end-to-end port, so two runs on one machine (TEST_RUN_ID, E2E_PORT) do not collide.
const PORT = Number(process.env.E2E_PORT ?? 18180) + 11;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const { window: page0 } = new JSDOM('', { url: `${ORIGIN}/` });
Object.assign(globalThis, { localStorage: page0.localStorage, sessionStorage: page0.sessionStorage });
const STAFF = demoUsers({}).find((u) => u.userCode === 'staff')!;

let app: FastifyInstance;
let db: Db;
const calls: Record<string, number> = {};
const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);

/** Routes that show each convention; real routes of the app do the rest (login, profile, token). */
async function testRoutes(server: FastifyInstance) {
  if (!server.hasContentTypeParser('multipart/form-data')) await server.register((await import('@fastify/multipart')).default);
  const anonymous = { anonymous: true } as const;
  server.post('/api/fsmc/test/echo', { config: anonymous }, async (request) =>
    ok({ body: request.body, lang: request.headers.lang, cluster: request.headers[HEADERS.clusterNo.toLowerCase()] ?? null, noTip: request.headers[HEADERS.errorNoTip] ?? null, token: request.headers[HEADERS.jwtToken.toLowerCase()] ?? null }),
  );
  server.get('/api/fsmc/test/page', { config: anonymous }, async () => ok({ rows: [{ id: 1 }, { id: 2 }], total: 42 }));
  server.get('/api/fsmc/test/list', { config: anonymous }, async () => ok([{ id: 7 }]));
  server.get<{ Params: { status: string } }>('/api/fsmc/test/status/:status', { config: anonymous }, async (request, reply) => {
    const status = Number(request.params.status);
    // A gateway's HTML error page: no {code, msg} to read, only the status.
    if (status === 502 || status === 418) return reply.status(status).type('text/html').send('<html>bad gateway</html>');
    return reply.status(status).send({ code: CODE.serverError, msg: 'server says no', data: null });
  });
  server.post('/api/fsmc/test/refuse', { config: anonymous }, async () => ({ code: 1, msg: '余额不足', data: null }));
  // Drops the connection the first two times: a network failure, no HTTP answer at all.
  const flaky = (name: string) => async (request: { raw: { socket: { destroy(): void } } }, reply: { send(v: unknown): unknown }) => {
    if (count(name) <= 2) {
      request.raw.socket.destroy();
      return reply;
    }
    return reply.send(ok(calls[name]));
  };
  server.get('/api/fsmc/test/flaky-get', { config: anonymous }, flaky('flaky-get') as never);
  server.get('/api/fsmc/test/counted', { config: anonymous }, async () => ok({ calls: count('counted') }));
  server.post('/api/fsmc/test/flaky-post', { config: anonymous }, flaky('flaky-post') as never);
  server.post<{ Body: { kind: string } }>('/api/fsmc/test/export', { config: anonymous }, async (request, reply) => {
    if (request.body.kind === 'refused') return { code: 1, msg: '导出数据过多', data: null };
    reply.type('text/csv');
    if (request.body.kind === 'named') reply.header('content-disposition', `attachment; filename="report.csv"; filename*=UTF-8''${encodeURIComponent('资金报表.csv')}`);
    return 'a,b\n1,2\n';
  });
  server.post('/api/fsmc/test/upload', async (request) => {
    const fields: Record<string, string> = {};
    let file: { name: string; size: number } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { name: part.filename, size: (await part.toBuffer()).length };
      else fields[part.fieldname] = String(part.value);
    }
    return ok({ fields, file });
  });
  server.post<{ Body: { id: unknown } }>('/api/fsmc/test/delete', { config: anonymous }, async (request) => {
    count('delete');
    return ok(request.body);
  });
  server.post('/api/fsmc/test/create', { config: { requestToken: true } }, async () => ok(count('create')));
}

const toasts: ToastEvent[] = [];
const unauthorized: number[] = [];
const offs: Array<() => void> = [];

beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(db);
  await seedIfEmpty(db, demoUsers({}));
  app = await buildApp({ db, config: { ...readConfig({}), staticDir: '/nonexistent' } });
  await testRoutes(app);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  httpConfig.baseUrl = ORIGIN;
  i18n.set('zh-CN', { request: zh });
  i18n.set('en-US', { request: en });
  offs.push(httpEvents.on('toast', (t) => toasts.push(t)), httpEvents.on('unauthorized', (u) => unauthorized.push(u.code)));
}, 120_000);

afterAll(async () => {
  offs.forEach((off) => off());
  await app?.close();
  await db?.destroy();
});

afterEach(() => {
  toasts.length = 0;
  unauthorized.length = 0;
  local.set('lang', 'zh-CN');
  local.remove('clusterNo');
});

async function logIn(): Promise<string> {
  const answer = await request<{ JwtToken: string; loginUserInfo: { userCode: string } }>({ url: '/api/fsmc/login/login', data: { userCode: STAFF.userCode, password: STAFF.password } });
  local.set('sessionKey', answer.JwtToken);
  session.set('loginUserInfo', answer.loginUserInfo as never);
  return answer.JwtToken;
}

describe('the HTTP client against the real server', () => {
  it('sends JwtToken, lang and ClusterNO, and the body in the envelope, which the server opens', async () => {
    local.set('lang', 'en-US');
    local.set('clusterNo', 'C-07');
    local.set('sessionKey', 'some-token');
    const seen = await request<{ body: unknown; lang: string; cluster: string; token: string }>({ url: '/api/fsmc/test/echo', data: { amount: '12.50', memo: '付款' } });
    expect(seen).toEqual({ body: { amount: '12.50', memo: '付款' }, lang: 'en-US', cluster: 'C-07', token: 'some-token', noTip: null });
    local.remove('sessionKey');
  });

  it('logs in through the envelope and refuses a wrong password with the server message, in the chosen language', async () => {
    local.set('lang', 'en-US');
    const error = await request({ url: '/api/fsmc/login/login', data: { userCode: 'staff', password: 'wrong' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: CODE.badCredentials, message: 'Wrong user name or password' });
    expect(toasts).toEqual([{ type: 'error', title: 'Wrong user name or password' }]);
    expect(await logIn()).toMatch(/^[\w-]{40,}$/);
  });

  it('calls a contract endpoint by its declaration: a form call refused shows its message once (no toast); a session call answers typed data', async () => {
    local.set('lang', 'en-US');
    const error = await call(contract.login.login, { userCode: 'staff', password: 'wrong' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 200, code: CODE.badCredentials, message: 'Wrong user name or password' });
    expect(toasts).toEqual([]);
    await logIn();
    const info = await call(contract.login.sessionInfo, {});
    expect(info.loginUserInfo.userCode).toBe('staff');
    expect(info.dutyStations.map((d) => d.dutyCode)).toEqual(['STAFF']);
    const profile = await call(contract.profile.read);
    expect(profile.userCode).toBe('staff');
  });

  it('counts requests in the loading overlay, except those that opt out', async () => {
    const seen: number[] = [];
    const off = loading.subscribe(() => seen.push(loading.count()));
    await Promise.all([request({ method: 'GET', url: '/api/fsmc/test/list' }), request({ method: 'GET', url: '/api/fsmc/test/page' })]);
    expect(Math.max(...seen)).toBe(2);
    expect(loading.count()).toBe(0);
    seen.length = 0;
    await request({ method: 'GET', url: '/api/fsmc/test/list', noLoading: true });
    expect(seen).toEqual([]);
    off();
  });

  it('reads pages as {rows, total} and plain lists as one page', async () => {
    expect(await page({ method: 'GET', url: '/api/fsmc/test/page' })).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(await page({ method: 'GET', url: '/api/fsmc/test/list' })).toEqual({ rows: [{ id: 7 }], total: 1 });
    expect(await list({ method: 'GET', url: '/api/fsmc/test/page' })).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('maps HTTP failures to the catalogue of shell §8 in both languages; the server msg rides along', async () => {
    const fail = (status: number) => request({ method: 'GET', url: `/api/fsmc/test/status/${status}` }).catch((e: ApiError) => e);
    local.set('lang', 'en-US');
    expect(await fail(502)).toMatchObject({ status: 502, message: 'Network error' });
    expect(await fail(418)).toMatchObject({ status: 418, message: 'Connection error' });
    expect(await fail(503)).toMatchObject({ status: 503, message: 'server says no' });
    expect(toasts).toEqual([
      { type: 'error', title: 'Network error' },
      { type: 'error', title: 'Connection error' },
      { type: 'error', title: 'Server unavailable', description: 'server says no' },
    ]);
    local.set('lang', 'zh-CN');
    toasts.length = 0;
    expect(await fail(502)).toMatchObject({ message: '网络错误' });
    expect(toasts).toEqual([{ type: 'error', title: '网络错误' }]);
  });

  it('shows a non-zero business code as the server msg; error-no-tip sends the header and shows nothing', async () => {
    await expect(request({ url: '/api/fsmc/test/refuse' })).rejects.toMatchObject({ code: 1, message: '余额不足' });
    expect(toasts).toEqual([{ type: 'error', title: '余额不足' }]);
    toasts.length = 0;
    const seen = await request<{ noTip: string }>({ url: '/api/fsmc/test/echo', noErrorTip: true });
    expect(seen.noTip).toBe('1');
    await expect(request({ url: '/api/fsmc/test/refuse', noErrorTip: true })).rejects.toMatchObject({ message: '余额不足' });
    expect(toasts).toEqual([]);
  });

  it('retries a GET that got no answer, never a POST; a POST with no answer says it could not connect', async () => {
    expect(await request({ method: 'GET', url: '/api/fsmc/test/flaky-get' })).toBe(3);
    expect(calls['flaky-get']).toBe(3);
    const error = await request({ url: '/api/fsmc/test/flaky-post' }).catch((e: ApiError) => e);
    expect(error).toMatchObject({ status: 0, message: '连接服务器失败' });
    expect(calls['flaky-post']).toBe(1);
    expect(toasts).toEqual([{ type: 'error', title: '连接服务器失败' }]);
  });

  it('takes an answer asked for before it ran as the call\'s own (index.html\'s first paint); sends the call when that one got no answer; a refusal so taken is reported as any other', async () => {
    const url = '/api/fsmc/test/counted';
    const asked = fetch(`${ORIGIN}${url}`);
    expect(await request({ method: 'GET', url, asked })).toEqual({ calls: 1 });
    expect(calls.counted).toBe(1);
    expect(await request({ method: 'GET', url, asked: Promise.reject(new TypeError('Failed to fetch')) })).toEqual({ calls: 2 });
    expect(calls.counted).toBe(2);
    local.set('sessionKey', 'ended-long-ago');
    const sessionInfo = '/api/fsmc/session/share/query-session-info';
    const refused = fetch(`${ORIGIN}${sessionInfo}`, { headers: { [HEADERS.jwtToken]: 'ended-long-ago' } });
    await expect(request({ method: 'GET', url: sessionInfo, asked: refused })).rejects.toMatchObject({ status: 401, code: CODE.loginExpired });
    expect(unauthorized).toEqual([CODE.loginExpired]);
    expect(toasts).toEqual([]);
  });

  it('reports a 401 to the session (no toast) with the code that says why', async () => {
    local.set('sessionKey', 'ended-long-ago');
    await expect(request({ method: 'GET', url: '/api/fsmc/session/share/query-session-info' })).rejects.toMatchObject({ status: 401, code: CODE.loginExpired });
    expect(unauthorized).toEqual([CODE.loginExpired]);
    expect(toasts).toEqual([]);
  });

  it('seals again with a fresh key when the server retired the old one', async () => {
    await request({ url: '/api/fsmc/test/echo', data: { n: 1 } });
    await db.deleteFrom('envelopeKey').execute();
    expect(await request<{ body: unknown }>({ url: '/api/fsmc/test/echo', data: { n: 2 } })).toMatchObject({ body: { n: 2 } });
    expect(toasts).toEqual([]);
    forgetEnvelopeKey();
  });

  it('fetches the next request token when an answer carries the header: a double click creates once, the next form goes through', async () => {
    await logIn();
    const first = await request<number>({ url: '/api/fsmc/test/create', data: {} }).catch((e: ApiError) => e);
    // No token yet: refused, and the answer's header makes the client fetch one.
    expect(first).toMatchObject({ code: CODE.duplicateSubmit });
    toasts.length = 0;
    const [a, b] = await Promise.allSettled([request<number>({ url: '/api/fsmc/test/create', data: {} }), request<number>({ url: '/api/fsmc/test/create', data: {} })]);
    expect([a.status, b.status].sort()).toEqual(['fulfilled', 'rejected']);
    expect(calls.create).toBe(1);
    expect(await request<number>({ url: '/api/fsmc/test/create', data: {} })).toBe(2);
  });

  it('downloads a blob named by content-disposition and shows the export tip; a missing header or a code 1 answer is refused', async () => {
    const file = await download({ url: '/api/fsmc/test/export', data: { kind: 'named' } });
    expect(file.fileName).toBe('资金报表.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    expect(toasts).toEqual([{ type: 'success', title: '导出成功：资金报表.csv' }]);
    toasts.length = 0;
    await expect(download({ url: '/api/fsmc/test/export', data: { kind: 'anonymous' } })).rejects.toMatchObject({ message: '服务器内部错误' });
    await expect(download({ url: '/api/fsmc/test/export', data: { kind: 'refused' } })).rejects.toMatchObject({ code: 1, message: '导出数据过多' });
    expect(toasts.map((t) => t.title)).toEqual(['服务器内部错误', '导出数据过多']);
    expect(fileNameOf('attachment; filename="plain name.xlsx"')).toBe('plain name.xlsx');
    expect(fileNameOf(null)).toBeNull();
  });

  it('uploads multipart with contentFilter=false, the session headers and progress events, outside the envelope', async () => {
    // jsdom's XMLHttpRequest with its own FormData, File and Blob (it cannot send Node's).
    const window = page0;
    const saved = { XMLHttpRequest: globalThis.XMLHttpRequest, FormData: globalThis.FormData, Blob: globalThis.Blob, File: globalThis.File };
    Object.assign(globalThis, { XMLHttpRequest: window.XMLHttpRequest, FormData: window.FormData, Blob: window.Blob, File: window.File });
    try {
      await logIn();
      const progress: number[] = [];
      const content = 'x'.repeat(256 * 1024);
      const answer = await upload<{ fields: Record<string, string>; file: { name: string; size: number } }>({
        url: '/api/fsmc/test/upload',
        files: { file: new window.File([content], '对账单.txt', { type: 'text/plain' }) },
        fields: { orderNo: 'FILE42', systemCode: '11' },
        onProgress: (p) => progress.push(p.percent),
      });
      expect(answer.fields).toEqual({ orderNo: 'FILE42', systemCode: '11', [UPLOAD_CONTENT_FILTER_FIELD]: 'false' });
      expect(answer.file).toEqual({ name: '对账单.txt', size: content.length });
      expect(progress.at(-1)).toBe(100);
      // Without a session the upload is refused like any other call: the session hears of it.
      local.remove('sessionKey');
      await expect(upload({ url: '/api/fsmc/test/upload', files: { file: new window.File(['x'], 'a.txt') } })).rejects.toMatchObject({ status: 401 });
      expect(unauthorized).toEqual([CODE.loginExpired]);
    } finally {
      Object.assign(globalThis, saved);
    }
  });

  it('deletes only after confirmation, turning a bare id into {id}; declining sends nothing and says so', async () => {
    const answers = [false, true];
    const asked: string[] = [];
    const off = httpEvents.on('question', (q) => {
      asked.push(`${q.title}|${q.message}|${q.ok}|${q.cancel}|${q.danger}`);
      answerQuestion(q.id, answers.shift()!);
    });
    try {
      expect(await remove({ url: '/api/fsmc/test/delete', data: 17 })).toEqual({ deleted: false });
      expect(calls.delete).toBeUndefined();
      expect(toasts).toEqual([{ type: 'info', title: '已取消删除' }]);
      expect(await remove({ url: '/api/fsmc/test/delete', data: 17 })).toEqual({ deleted: true, data: { id: 17 } });
      expect(calls.delete).toBe(1);
      expect(asked).toEqual(Array(2).fill('删除确认|确定要删除吗？删除后不可恢复。|删除|取消|true'));
    } finally {
      off();
    }
  });

  it('settles two overlapping deletes, one question at a time, through the confirmation queue', async () => {
    const deletesBefore = calls.delete ?? 0;
    const queue = createActor(confirmationLogic).start();
    const off = listenForConfirmations(queue);
    try {
      const a = remove({ url: '/api/fsmc/test/delete', data: 1, message: 'first?' });
      const b = remove({ url: '/api/fsmc/test/delete', data: 2, message: 'second?' });
      // One dialog: the first question; the second waits behind it.
      expect(queue.getSnapshot().context.queue.map((q) => q.message)).toEqual(['first?', 'second?']);
      queue.send({ type: 'CONFIRM.ACCEPT' });
      expect(queue.getSnapshot().context.queue.map((q) => q.message)).toEqual(['second?']);
      queue.send({ type: 'CONFIRM.CANCEL' });
      expect(queue.getSnapshot().value).toBe('idle');
      // Both settle: the first deleted, the second declined (before the queue, the first never did).
      expect(await a).toEqual({ deleted: true, data: { id: 1 } });
      expect(await b).toEqual({ deleted: false });
      expect(calls.delete).toBe(deletesBefore + 1);
    } finally {
      off();
      queue.stop();
    }
  });

  it('holds a 412 for confirmation (no toast) and sends it again with the validation flag; declining fails it quietly', async () => {
    await logIn();
    const asked: PreconditionEvent[] = [];
    const off = httpEvents.on('precondition', (e) => asked.push(e));
    try {
      const body = { userNameEn: 'Zhang', email: 'confirmed@example.com', gender: 'BOY', password: STAFF.password };
      const saving = request<{ email: string }>({ url: '/api/fsmc/auth/userinfo/edit-profile', data: body });
      while (asked.length === 0) await new Promise((r) => setTimeout(r, 10));
      expect(asked[0]).toMatchObject({ method: 'POST', targetUrl: '/api/fsmc/auth/userinfo/edit-profile', params: { to: 'confirmed@example.com' } });
      expect(asked[0]!.message).toContain('confirmed@example.com');
      expect(toasts).toEqual([]);
      await confirmPending(asked[0]!.id);
      expect(await saving).toMatchObject({ email: 'confirmed@example.com' });

      const declined = request({ url: '/api/fsmc/auth/userinfo/edit-profile', data: { ...body, email: 'never@example.com' } }).catch((e: ApiError) => e);
      while (asked.length === 1) await new Promise((r) => setTimeout(r, 10));
      cancelPending(asked[1]!.id);
      expect(await declined).toMatchObject({ status: 412, cancelled: true });
      expect(toasts).toEqual([]);
      const row = await db.selectFrom('appUser').select('email').where('userCode', '=', 'staff').executeTakeFirstOrThrow();
      expect(row.email).toBe('confirmed@example.com');
    } finally {
      off();
    }
  });

  it('refuses a 412 at once when no dialog listens, so a caller never hangs', async () => {
    await logIn();
    await expect(request({ url: '/api/fsmc/auth/userinfo/edit-profile', data: { userNameEn: '', email: 'alone@example.com', gender: '', password: STAFF.password } })).rejects.toMatchObject({ status: 412, cancelled: true });
  });
});
