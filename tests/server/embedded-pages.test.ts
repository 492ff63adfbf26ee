import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { EMBEDDED_REMARK_MAX } from '../../src/shared/constants';
import { embeddedPageOrigins } from '../../server/config';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Answer<T = unknown> = { code: number; msg: string; data: T };
type Page = { id: number; iframeTitle: string; iframeName: string; iframeUrl: string; iframeHeight: number; iframeOrder: number; iframeActive: boolean };

/**
 * Embedded pages of edit forms (issue 11 point 2, docs/embedded-pages.md): administered as the
 * sys-page-iframe resource, whose address the server checks (a path here, or https at an allowed
 * origin, never javascript:); the form's list answers the active ones in order, to users the
 * form's function is granted to; the demo guest's remarks are kept per form and record key.
 */
describe.each(availableBackends())('embedded pages on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend, { embeddedPageOrigins: ['https://reports.example.com'] });
    admin = await t.login(DEMO.admin);
    staff = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const add = async (body: Record<string, unknown>, lang?: string) =>
    (await t.post('/api/fsmc/sys-page-iframe/add', body, { token: admin, lang })).body as Answer<Record<string, unknown>>;
  const page = (formCode: string, iframeName: string, iframeUrl: string, iframeOrder: number) => ({ formCode, iframeTitle: `${iframeName} 页`, iframeName, iframeUrl, iframeHeight: 120, iframeOrder });
  const list = async (formCode: string, token = admin) => (await t.get<Page[]>(`/api/fsmc/sys-page-iframe/info/${formCode}`, undefined, { token })).body as Answer<Page[]>;

  it('answers the seeded demo page of the department form', async () => {
    const answer = await list('department');
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual([{ id: expect.any(Number), iframeTitle: '补充备注', iframeName: 'remarks', iframeUrl: 'embedded-remarks.html', iframeHeight: 180, iframeOrder: 1, iframeActive: true }]);
  });

  it('stores paths of this site and https pages of allowed sites, and refuses every other address with 1900', async () => {
    for (const url of ['/embedded-remarks.html?x=1', 'embedded-remarks.html', 'https://reports.example.com/remarks']) expect((await add(page('bank', 'okPage', url, 1))).code).toBe(0);
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>1</script>', '//evil.example.com/x', 'http://reports.example.com/x', 'https://evil.example.com/x', 'https://user:pw@reports.example.com/x', ' /leading-space', '/back\\slash']) {
      const refused = await add(page('bank', 'badPage', url, 1));
      expect([url, refused.code]).toEqual([url, CODE.embeddedUrlRefused]);
    }
    const en = await add(page('bank', 'badPage', 'javascript:alert(1)', 1), 'en-US');
    expect(en.msg).toContain('https address of an allowed site');
  });

  it('checks the address again on update', async () => {
    const created = await add(page('currency', 'edited', '/embedded-remarks.html', 1));
    const { id, version } = created.data as { id: number; version: number };
    const update = (iframeUrl: string, v: number) => t.post('/api/fsmc/sys-page-iframe/update', { id, version: v, ...page('currency', 'edited', iframeUrl, 1) }, { token: admin });
    expect(((await update('javascript:alert(1)', version)).body as Answer).code).toBe(CODE.embeddedUrlRefused);
    expect(((await update('https://reports.example.com/ok', version)).body as Answer).code).toBe(0);
  });

  it('lists only the active pages of the form, by their order', async () => {
    const third = await add(page('country', 'third', '/c.html', 3));
    await add(page('country', 'first', '/a.html', 1));
    const hidden = await add(page('country', 'hidden', '/h.html', 2));
    const h = hidden.data as { id: number; version: number };
    expect(((await t.post('/api/fsmc/sys-page-iframe/disable', { id: h.id, version: h.version }, { token: admin })).body as Answer).code).toBe(0);
    expect((await list('country')).data.map((p) => p.iframeName)).toEqual(['first', 'third']);
    expect(third.code).toBe(0);
    expect((await list('province')).data).toEqual([]);
  });

  it('refuses an unknown form code (1901) and a user without the form’s function (403)', async () => {
    expect((await list('no-such-form')).code).toBe(CODE.embeddedFormUnknown);
    const res = await t.get(`/api/fsmc/sys-page-iframe/info/department`, undefined, { token: staff });
    expect(res.status).toBe(403);
    expect((await t.get('/api/fsmc/sys-page-iframe/info/Bad_Code', undefined, { token: admin })).status).toBe(400);
  });

  it('keeps the demo guest’s remark per form and record key, for users of the form only', async () => {
    const ref = { formCode: 'org-info', recordKey: 'new-0123456789abcdef' };
    expect(((await t.post('/api/fsmc/embedded-remarks/query', ref, { token: admin })).body as Answer).data).toEqual({ remark: null });
    expect(((await t.post('/api/fsmc/embedded-remarks/save', { ...ref, remark: '第一版' }, { token: admin })).body as Answer).code).toBe(0);
    expect(((await t.post('/api/fsmc/embedded-remarks/save', { ...ref, remark: '第二版' }, { token: admin })).body as Answer).code).toBe(0);
    expect(((await t.post('/api/fsmc/embedded-remarks/query', ref, { token: admin })).body as Answer).data).toEqual({ remark: '第二版' });
    expect(((await t.post('/api/fsmc/embedded-remarks/query', { ...ref, recordKey: '7' }, { token: admin })).body as Answer).data).toEqual({ remark: null });
    expect((await t.post('/api/fsmc/embedded-remarks/save', { ...ref, remark: '' }, { token: admin })).status).toBe(400);
    expect((await t.post('/api/fsmc/embedded-remarks/save', { ...ref, remark: 'x'.repeat(EMBEDDED_REMARK_MAX + 1) }, { token: admin })).status).toBe(400);
    expect((await t.post('/api/fsmc/embedded-remarks/save', { ...ref, recordKey: '../x' , remark: 'a' }, { token: admin })).status).toBe(400);
    expect((await t.post('/api/fsmc/embedded-remarks/query', ref, { token: staff })).status).toBe(403);
  });
});

describe('EMBEDDED_PAGE_ORIGINS', () => {
  it('takes https origins and refuses anything else at start', () => {
    expect(embeddedPageOrigins(undefined)).toEqual([]);
    expect(embeddedPageOrigins(' https://a.example.com , https://b.example.com:8443/ ')).toEqual(['https://a.example.com', 'https://b.example.com:8443']);
    expect(() => embeddedPageOrigins('http://a.example.com')).toThrow(/https origins/);
    expect(() => embeddedPageOrigins('https://a.example.com/path')).toThrow(/https origins/);
  });
});
