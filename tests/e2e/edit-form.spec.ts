import { expect, test, type Page } from '@playwright/test';
import { ADMIN, CHECKER, STAFF, loginAs } from './support/users';
import { apiClient } from './support/api';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { ownUser, session } from './support/admin-api';

/**
 * Issue 11 points 1, 3 and 4 in the real browser against the real server and database: the
 * edit form's sections and anchors, its drafts (kept across a reload, gone once saved, never
 * applied over a record someone else changed), and a failing save that names its step and
 * keeps every value typed.
 */

const form = (page: Page) => page.getByTestId('record-form');
const field = (page: Page, name: string) => form(page).locator(`#field-${name}`);
const rows = (page: Page) => page.getByTestId('resource-table').locator('[data-part=row]');
const storedDraft = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
/** A suffix no other test run uses. */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`;

async function openPage(page: Page, path: string) {
  await page.goto(`/index.html#${path}`);
  await expect(page.getByTestId(`resource-${path.slice(1)}`)).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

async function addOrg(page: Page, code: string, name: string) {
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'orgCode').fill(code);
  await field(page, 'orgName').fill(name);
  await field(page, 'orgType').selectOption({ index: 1 });
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  // A saved add leaves no draft behind.
  expect(await storedDraft(page, `draft:org-info:add:${ADMIN.userCode}`)).toBeNull();
}

test('an add form is kept as a draft: after a reload the draft is back with its notice; saving removes it', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openPage(page, '/counter-party');
  const name = `草稿对手${unique()}`;
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'counterPartyName').fill(name);
  await field(page, 'counterPartyType').selectOption({ index: 1 });
  await field(page, 'contactName').fill('王小明');
  // Autosave stores the form within its interval, under its component code and the user
  // (the last value typed is in it: the draft holds the whole form as it stands).
  await expect.poll(() => storedDraft(page, `draft:counter-party:add:${ADMIN.userCode}`)).toContain('王小明');
  expect(await storedDraft(page, `draft:counter-party:add:${ADMIN.userCode}`)).toContain(name);

  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(form(page).getByTestId('draft-notice')).toContainText('已恢复');
  await expect(field(page, 'counterPartyName')).toHaveValue(name);
  await expect(field(page, 'contactName')).toHaveValue('王小明');
  await expectNoRawLocaleKeys(page);

  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  expect(await storedDraft(page, `draft:counter-party:add:${ADMIN.userCode}`)).toBeNull();
  await expect(rows(page).filter({ hasText: name })).toHaveCount(1);
  // The next add form starts clean, with no notice.
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(field(page, 'counterPartyName')).toHaveValue('');
  await expect(form(page).getByTestId('draft-notice')).toHaveCount(0);
});

test('discarding a restored draft puts back the empty form and forgets the draft', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openPage(page, '/counter-party');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'contactName').fill('只是草稿');
  await expect.poll(() => storedDraft(page, `draft:counter-party:add:${ADMIN.userCode}`)).toContain('只是草稿');
  await page.reload();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(field(page, 'contactName')).toHaveValue('只是草稿');
  await form(page).getByTestId('draft-notice').getByRole('button', { name: '丢弃草稿' }).click();
  await expect(field(page, 'contactName')).toHaveValue('');
  await expect(form(page).getByTestId('draft-notice')).toHaveCount(0);
  expect(await storedDraft(page, `draft:counter-party:add:${ADMIN.userCode}`)).toBeNull();
});

test('a server error during save keeps every value and names the failing step', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openPage(page, '/counter-party');
  const name = `失败对手${unique()}`;
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'counterPartyName').fill(name);
  await field(page, 'counterPartyType').selectOption({ index: 1 });
  await field(page, 'contactName').fill('李雷');
  await field(page, 'contactPhone').fill('010-12345678');

  // The server falls over on this one call. Saved from the keyboard: the button is busy, not
  // disabled, while the flow runs, and a failure that names no field leaves the focus on it.
  await page.route('**/api/fsmc/counter-party/add', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: 'boom' }) }));
  const save = form(page).getByRole('button', { name: '保存', exact: true });
  await save.focus();
  await page.keyboard.press('Enter');
  const failure = form(page).getByTestId('form-failure');
  await expect(failure).toHaveAttribute('data-failed-step', 'commit');
  await expect(failure).toContainText('保存到服务器未通过');
  await expect(save).toBeFocused();
  await expect(field(page, 'counterPartyName')).toHaveValue(name);
  await expect(field(page, 'contactName')).toHaveValue('李雷');
  await expect(field(page, 'contactPhone')).toHaveValue('010-12345678');

  // Once the server is back, the same values save.
  await page.unroute('**/api/fsmc/counter-party/add');
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  await expect(rows(page).filter({ hasText: name })).toHaveCount(1);
});

test('a draft written against a record someone else has since changed is offered beside the server’s values, not applied', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN);
  await openPage(admin, '/org-info');
  const code = `DRF${unique()}`.toUpperCase();
  await addOrg(admin, code, `草稿机构${code}`);
  const row = rows(admin).filter({ hasText: code });
  await row.getByRole('button', { name: '修改' }).click();
  await expect(field(admin, 'orgName')).toHaveValue(`草稿机构${code}`);
  await field(admin, 'address').fill('我的地址（草稿）');
  // The draft of an edit is keyed by the record.
  await expect.poll(() => admin.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('draft:org-info:') && !k.includes(':add:')) ?? null)).not.toBeNull();

  // Meanwhile another administrator changes the record.
  const checker = await (await browser.newContext()).newPage();
  await loginAs(checker, CHECKER);
  await openPage(checker, '/org-info');
  await rows(checker).filter({ hasText: code }).getByRole('button', { name: '修改' }).click();
  await field(checker, 'address').fill('服务器上的新地址');
  await form(checker).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(checker)).toHaveCount(0);

  // The first one comes back to the record: the server's values are shown, the draft offered.
  await admin.reload();
  await rows(admin).filter({ hasText: code }).getByRole('button', { name: '修改' }).click();
  const conflict = form(admin).getByTestId('draft-conflict');
  await expect(conflict).toBeVisible();
  await expect(field(admin, 'address')).toHaveValue('服务器上的新地址');
  const compared = conflict.getByTestId('draft-compare').locator('[data-field=address]');
  await expect(compared).toContainText('我的地址（草稿）');
  await expect(compared).toContainText('服务器上的新地址');
  await expectNoRawLocaleKeys(admin);
  // Choosing the draft applies it; saving it then carries the server's new version.
  await conflict.getByRole('button', { name: '使用我的草稿' }).click();
  await expect(field(admin, 'address')).toHaveValue('我的地址（草稿）');
  await form(admin).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(admin)).toHaveCount(0);
  await expect(rows(admin).filter({ hasText: code })).toHaveCount(1);
});

test('sections collapse and the anchor list jumps to them; English and a phone screen', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openPage(page, '/org-info');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const anchors = form(page).getByTestId('form-anchors');
  await expect(anchors.getByRole('button')).toHaveText(['机构标识', '运营信息']);
  // Collapse the second section from the keyboard, then bring it back from its anchor.
  const trigger = form(page).getByRole('button', { name: '运营信息' }).first();
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(field(page, 'address')).toBeHidden();
  await anchors.getByRole('button', { name: '运营信息' }).click();
  await expect(field(page, 'address')).toBeVisible();
  await expect(anchors.getByRole('button', { name: '运营信息' })).toHaveAttribute('aria-current', 'location');
  // The add form's bar has Save only (widgets §4).
  await expect(page.locator('[data-part=button-bar] button')).toHaveText(['保存']);

  // English, on a phone: two-column labels give way to one column, and the anchors go.
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Organisation' })).toBeVisible();
  await expect(form(page).getByTestId('form-section-identity')).toContainText('Identity');
  await expect(form(page).getByTestId('form-anchors')).toBeHidden();
  const box = await page.getByTestId('edit-drawer').boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(389);
  await expectNoRawLocaleKeys(page);
});

test('a small record opens in the edit dialog, fields one above another; view mode has Close only', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openPage(page, '/province');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByTestId('edit-dialog');
  await expect(dialog).toBeVisible();
  await expect(field(page, 'provinceCode')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await rows(page).first().getByRole('button', { name: '查看' }).click();
  await expect(page.locator('[data-part=button-bar] button')).toHaveText(['关闭']);
  await expect(field(page, 'provinceName')).toHaveAttribute('readonly', '');
  await page.locator('[data-part=button-bar]').getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toHaveCount(0);
});

test('reorder sections in the popover, reload, and the order is kept (per user)', async ({ page, baseURL }) => {
  // A staff member of the test's own: the order is kept per user, and a run cut short must not leave a shared user's form reordered.
  await loginAs(page, await ownUser(baseURL!, 'so', { duties: ['STAFF'] }));
  await openPage(page, '/rate-add');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const anchors = form(page).getByTestId('form-anchors');
  await expect(anchors.getByRole('button')).toHaveText(['申请信息', '利率信息']);
  await form(page).getByTestId('section-order-trigger').click();
  const popover = page.getByTestId('section-order');
  // Staff are no administrators: no hidden-sections tab.
  await expect(popover.getByTestId('section-order-tab-hidden')).toHaveCount(0);
  await popover.getByRole('button', { name: '上移“利率信息”' }).click();
  await popover.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('分组设置已保存').first()).toBeVisible();
  await expect(anchors.getByRole('button')).toHaveText(['利率信息', '申请信息']);

  await page.reload();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(form(page).getByTestId('form-anchors').getByRole('button')).toHaveText(['利率信息', '申请信息']);
  await expect(form(page).locator('[data-section]').first()).toHaveAttribute('data-section', 'rate');
});

test('approval mode: the field config opens the remark to the checker, the rest stays read-only, and the decision carries it', async ({ browser }) => {
  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, STAFF);
  await openPage(staff, '/rate-add');
  const date = `2027-0${1 + Math.floor(Math.random() * 9)}-${10 + Math.floor(Math.random() * 18)}`;
  await staff.getByRole('button', { name: '新增', exact: true }).click();
  await field(staff, 'rateType').selectOption({ label: '贷款市场报价利率' });
  await field(staff, 'tenor').selectOption({ label: '5年' });
  await field(staff, 'rateValue').fill('3.95');
  await field(staff, 'effectiveDate').fill(date);
  await field(staff, 'remark').fill('原说明');
  await form(staff).getByRole('button', { name: '保存', exact: true }).click();
  await form(staff).getByRole('button', { name: '提交', exact: true }).click();
  await expect(form(staff)).toHaveCount(0);

  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN);
  await openPage(admin, '/rate-add');
  const row = rows(admin).filter({ hasText: date }).first();
  await row.getByRole('button', { name: '审核' }).click();
  await expect(admin.getByRole('heading', { name: '审批基准利率新增' })).toBeVisible();
  await expect(form(admin).getByTestId('field-config-overlay')).toBeHidden();
  // Approval mode: no button bar; only the configured field takes typing.
  await expect(form(admin).locator('[data-part=button-bar]')).toHaveCount(0);
  await expect(field(admin, 'rateValue')).toHaveAttribute('readonly', '');
  await expect(field(admin, 'remark')).not.toHaveAttribute('readonly', '');
  await field(admin, 'remark').fill('复核更正后的说明');
  await admin.getByTestId('review-panel').getByRole('textbox').fill('同意');
  await admin.getByTestId('review-panel').getByRole('button', { name: '通过' }).click();
  await expect(row).toContainText('已生效');
  await row.getByRole('button', { name: '查看' }).click();
  await expect(field(admin, 'remark')).toHaveValue('复核更正后的说明');
  await expect(field(admin, 'rateValue')).toHaveValue('3.95');
  await expectNoRawLocaleKeys(admin);
});

const FORM_CHECK = [
  { lang: 'zh-CN', add: '新增', save: '保存', guideEditor: '操作指南编辑', two: /^表单校验未通过：有 2 项需要修正：人员类型 .+；电子邮箱 .+$/, one: /^表单校验未通过：有 1 项需要修正：电子邮箱 [^；]+$/ },
  { lang: 'en-US', add: 'Add', save: 'Save', guideEditor: 'Guide editor', two: /^Form check failed: Fields to correct \(2\): Staff type .+; E-mail .+$/, one: /^Form check failed: Fields to correct \(1\): E-mail [^;]+$/ },
] as const;

for (const { lang, add, save: saveLabel, guideEditor, two, one } of FORM_CHECK) {
  test(`${lang}, keyboard: a failed save takes the focus to the first field that says what is wrong; the failure shrinks as they are put right`, async ({ page }) => {
    await page.goto('/login.html#/login');
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await loginAs(page, ADMIN);
    await openPage(page, '/user-info');
    await page.getByRole('button', { name: add, exact: true }).click();
    await expect(field(page, 'userCode')).toBeFocused();
    await page.keyboard.type(`kb${unique()}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('键盘用户');
    // The staff type's select back to its empty choice (it starts at regular staff).
    await field(page, 'staffType').focus();
    await page.keyboard.press('Home');
    await expect(field(page, 'staffType')).toHaveValue('');
    await field(page, 'email').focus();
    await page.keyboard.type('not-an-email');
    const save = form(page).getByRole('button', { name: saveLabel, exact: true });
    await save.focus();
    await page.keyboard.press('Enter');
    const failure = form(page).getByTestId('form-failure');
    await expect(failure).toHaveAttribute('data-failed-step', 'formValidation');
    await expect(failure).toHaveText(two);
    // Both are said under their fields; the focus is on the first of them in the form's order.
    await expect(field(page, 'email')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'staffType')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'staffType')).toBeFocused();

    // Put right one by one: the failure counts what is left, then goes with the last.
    await page.keyboard.press('ArrowDown');
    await expect(field(page, 'staffType')).toHaveValue('1');
    // Named, not a bare number an administrator would have to know.
    await expect(field(page, 'staffType').locator('option:checked')).toHaveText(guideEditor);
    await expect(failure).toHaveText(one);
    await field(page, 'email').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('keyboard@example.invalid');
    await expect(failure).toHaveCount(0);
  });
}

test('keyboard, in English: a code another record has takes the focus to its field, which says so', async ({ page }) => {
  await page.goto('/login.html#/login');
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await loginAs(page, ADMIN);
  await openPage(page, '/duty');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(field(page, 'dutyCode')).toBeFocused();
  await page.keyboard.type('ADMIN');
  const save = form(page).getByRole('button', { name: 'Save', exact: true });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(form(page).getByTestId('form-failure')).toContainText('Duty code “ADMIN” is already in use');
  await expect(field(page, 'dutyCode')).toBeFocused();
  await expect(field(page, 'dutyCode')).toHaveAttribute('aria-invalid', 'true');
  await expect(form(page).locator('[data-field=dutyCode]')).toContainText('“ADMIN” is already in use');
});

test('keyboard, in English: a record someone changed meanwhile refuses the save, and the focus stays on Save', async ({ page, baseURL }) => {
  await page.goto('/login.html#/login');
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await loginAs(page, ADMIN);
  await openPage(page, '/sys-param-setting');
  const code = 'settlement.cutoff.time';
  await rows(page).filter({ hasText: code }).getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(field(page, 'paramCode')).toHaveValue(code);

  // Meanwhile the other administrator saves the same record, as it is: its version moves on.
  const api = apiClient(baseURL!);
  const checker = await session(api, CHECKER);
  let stored: Record<string, unknown> | undefined;
  for (let id = 1; !stored && id <= 20; id++) {
    const read = await api.get(`/api/fsmc/sys-param-setting/query-by-/${id}`, checker);
    if (read.body.data?.paramCode === code) stored = read.body.data;
  }
  const { id, version, paramName, paramValue, remark } = stored!;
  const saved = await api.post('/api/fsmc/sys-param-setting/update', { id, version, paramName, paramValue, remark }, checker);
  expect(saved.body.code, saved.body.msg).toBe(0);

  const save = form(page).getByRole('button', { name: 'Save', exact: true });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(form(page).getByTestId('form-failure')).toHaveAttribute('data-failed-step', 'commit');
  // Said once, by the form: the request layer's toast would repeat it.
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(save).toBeFocused();
});
