import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 11 point 2: the demo guest page (embedded-remarks.html) framed by the portal. First
 * driven through the message protocol by a host harness written into the logged-in index page
 * (the same messages EmbeddedPageFrame posts; docs/embedded-pages.md): validation refuses an
 * empty remark with the guest's message, save keeps it on the server, a request from another
 * window is never answered, view mode is read-only. Then in the department's add form, where the
 * save-or-submit flow asks it: an empty remark fails the embedded step, a remark lets the save
 * through. (The frame's own origin and window checks: tests/unit/embedded-page-frame.test.tsx.)
 */
declare global {
  interface Window {
    harness: {
      answers: Array<{ id: string; ok: boolean; message?: string }>;
      readies: number;
      ask(id: string, action: string, flow: string, formMode: string): void;
    };
  }
}

const PROTOCOL = 'portal-embedded/1';
/** A record key per attempt: a retried test starts from an empty remark. */
const recordKey = () => `new-e2e${test.info().retry}${Date.now().toString(16)}`;

async function host(page: Page, query: string): Promise<void> {
  await page.evaluate(
    ({ query, protocol }) => {
      document.getElementById('guest')?.remove();
      const frame = document.createElement('iframe');
      frame.id = 'guest';
      frame.src = `embedded-remarks.html?${query}`;
      frame.style.height = '200px';
      document.body.prepend(frame);
      let sibling = document.getElementById('sibling') as HTMLIFrameElement | null;
      if (!sibling) {
        sibling = document.createElement('iframe');
        sibling.id = 'sibling';
        sibling.name = 'sibling';
        document.body.appendChild(sibling);
      }
      const h = { answers: [] as Array<{ id: string; ok: boolean; message?: string }>, readies: 0, ask: (_i: string, _a: string, _f: string, _m: string) => {} };
      window.addEventListener('message', (e) => {
        // The host's checks: this frame's window, this site's origin.
        if (e.source !== frame.contentWindow || e.origin !== location.origin || e.data?.protocol !== protocol) return;
        if (e.data.kind === 'ready') h.readies += 1;
        if (e.data.kind === 'answer') h.answers.push({ id: e.data.id, ok: e.data.ok, message: e.data.message });
      });
      h.ask = (id, action, flow, formMode) => frame.contentWindow!.postMessage({ protocol, kind: 'request', id, action, flow, formMode }, location.origin);
      window.harness = h;
    },
    { query, protocol: PROTOCOL },
  );
}

const guest = (page: Page) => page.frameLocator('#guest');
const answers = (page: Page) => page.evaluate(() => window.harness.answers);

test('the remarks page answers validate and save through the protocol, and keeps the remark', async ({ page }) => {
  const key = recordKey();
  await loginAs(page, ADMIN);
  await host(page, `formCode=org-info&mode=add&recordKey=${key}`);
  await expect(guest(page).getByTestId('embedded-remark')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.harness.readies)).toBe(1);

  // Empty: refused with the guest's own message, shown under its field as well.
  await page.evaluate(() => window.harness.ask('v1', 'validate', 'save', 'add'));
  await expect.poll(() => answers(page)).toEqual([{ id: 'v1', ok: false, message: '备注不能为空' }]);
  await expect(guest(page).getByText('备注不能为空')).toBeVisible();

  // A request from another window of the same site is ignored; the parent's next one is answered.
  await guest(page).getByTestId('embedded-remark').fill('季度复核已完成');
  // Posted by a script of the sibling frame: its window is the message's source, not the guest's parent.
  await page.frame({ name: 'sibling' })!.evaluate((protocol) => {
    const target = (parent.document.getElementById('guest') as HTMLIFrameElement).contentWindow!;
    target.postMessage({ protocol, kind: 'request', id: 'forged', action: 'save', flow: 'save', formMode: 'add' }, parent.location.origin);
  }, PROTOCOL);
  await page.evaluate(() => window.harness.ask('v2', 'validate', 'save', 'add'));
  await page.evaluate(() => window.harness.ask('s1', 'save', 'save', 'add'));
  await expect.poll(async () => (await answers(page)).map((a) => a.id)).toEqual(['v1', 'v2', 's1']);
  expect((await answers(page)).slice(1)).toEqual([{ id: 'v2', ok: true }, { id: 's1', ok: true }]);

  // Kept on the server: the same record key reads it back, read-only in view mode, where validation never blocks.
  await host(page, `formCode=org-info&mode=view&readOnly=1&recordKey=${key}`);
  await expect(guest(page).getByTestId('embedded-remark')).toHaveValue('季度复核已完成');
  await expect(guest(page).getByTestId('embedded-remark')).toHaveAttribute('readonly', '');
  await page.evaluate(() => window.harness.ask('v3', 'validate', 'submit', 'view'));
  await expect.poll(() => answers(page)).toEqual([{ id: 'v3', ok: true }]);
});

test('the remarks page speaks the reader’s language and refuses a remark over 200 characters', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await host(page, `formCode=org-info&mode=edit&recordKey=${recordKey()}`);
  const frame = guest(page);
  await expect(frame.getByText('Remark', { exact: true })).toBeVisible();
  await frame.getByTestId('embedded-remark').fill('x'.repeat(201));
  await page.evaluate(() => window.harness.ask('long', 'submit', 'submit', 'edit'));
  await expect.poll(() => answers(page)).toEqual([{ id: 'long', ok: false, message: 'The remark may have at most 200 characters' }]);
  await expectNoRawLocaleKeys(page);
});

test('the department form embeds the remarks page: an empty remark fails the embedded step with its message; a remark lets the save through', async ({ page }) => {
  const form = page.getByTestId('record-form');
  const code = `EMB${Date.now().toString(36).slice(-6).toUpperCase()}${test.info().retry}`;
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/department');
  await expect(page.getByTestId('resource-department')).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();

  // The embedded section shows the demo page, told the form's code and mode.
  const section = form.getByTestId('embedded-page-remarks');
  await expect(section).toContainText('补充备注');
  const remark = section.frameLocator('iframe[name=remarks]').getByTestId('embedded-remark');
  await expect(remark).toBeVisible();
  await expect(section.locator('iframe')).toHaveAttribute('src', /formCode=department&mode=add&recordKey=new-[0-9a-f]{32}$/);

  await form.locator('#field-deptCode').fill(code);
  await form.locator('#field-deptName').fill(`嵌入页部门${code}`);
  // The organisation comes from its lookup (issue 12): HQ, picked by double-click.
  await form.getByTestId('lookup-open-orgCode').click();
  const lookup = page.getByTestId('lookup-dialog-organisation');
  await lookup.getByLabel('机构代码').fill('HQ');
  await lookup.getByRole('button', { name: '查询', exact: true }).click();
  // By its key: other tests' organisations may hold "HQ" in their random codes.
  await lookup.locator('[data-testid=lookup-row][data-key="HQ"]').dblclick();
  await expect(form.getByTestId('lookup-field-orgCode')).toHaveValue('HQ 集团总部');
  await form.getByRole('button', { name: '保存', exact: true }).click();
  const failure = form.getByTestId('form-failure');
  await expect(failure).toHaveAttribute('data-failed-step', 'embeddedValidation');
  await expect(failure).toContainText('备注不能为空');
  await expect(form.locator('#field-deptCode')).toHaveValue(code);
  await expectNoRawLocaleKeys(page);

  await remark.fill('由嵌入页面保存的备注');
  const key = new URL((await section.locator('iframe').getAttribute('src'))!, 'http://x').searchParams.get('recordKey')!;
  await form.getByRole('button', { name: '保存', exact: true }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: code })).toHaveCount(1);

  // The guest saved its remark in step 4, under the form instance's key.
  await host(page, `formCode=department&mode=view&recordKey=${key}`);
  await expect(guest(page).getByTestId('embedded-remark')).toHaveValue('由嵌入页面保存的备注');
});

test('embedded pages are administered at their menu page, which refuses an address that could run script', async ({ page }) => {
  const form = page.getByTestId('record-form');
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/sys-page-iframe');
  const rows = page.getByTestId('resource-table').locator('[data-part=row]');
  await expect(rows.filter({ hasText: '补充备注' })).toContainText('department');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await form.locator('#field-formCode').fill('exchange-rate');
  await form.locator('#field-iframeTitle').fill('脚本页');
  await form.locator('#field-iframeName').fill('scripted');
  await form.locator('#field-iframeUrl').fill('javascript:alert(1)');
  await form.getByRole('button', { name: '保存', exact: true }).click();
  await expect(form.getByTestId('form-failure')).toContainText('嵌入页面地址必须是本站路径，或允许站点的 https 地址：javascript:alert(1)');
  await expect(form.locator('#field-iframeUrl')).toHaveValue('javascript:alert(1)');
  await expectNoRawLocaleKeys(page);
});
