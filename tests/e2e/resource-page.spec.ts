import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { ownUser } from './support/admin-api';

/**
 * Issue 10: a resource's generic query page and form, in the real browser against the real
 * server and database: the form checks what the server checks and keeps what was typed; two
 * people editing one record cannot overwrite each other; a reviewed record goes from one
 * user's submission to another's decision.
 */

const form = (page: Page) => page.getByTestId('record-form');
const field = (page: Page, name: string) => form(page).locator(`#field-${name}`);
const rows = (page: Page) => page.getByTestId('resource-table').locator('[data-part=row]');

async function openCurrency(page: Page, code: string) {
  await page.goto('/index.html#/currency');
  await expect(page.getByTestId('resource-currency')).toBeVisible();
  // Reference data is seeded from the runtime's ISO data: the first page is full.
  await expect(rows(page)).toHaveCount(10);
  return code;
}

test('an administrator adds a currency: the form refuses bad input in place, then the new record is listed', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openCurrency(page, 'QQA');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(form(page)).toBeVisible();
  // Empty required fields and a malformed code are refused before anything is sent.
  await field(page, 'currencyCode').fill('qq');
  await form(page).getByRole('button', { name: '保存' }).click();
  await expect(form(page).locator('[data-field=currencyCode]')).toContainText('请输入 3 位大写字母代码');
  await expect(form(page).locator('[data-field=currencyName]')).toContainText('不能为空');
  await expect(field(page, 'currencyCode')).toHaveValue('qq');
  await field(page, 'currencyCode').fill('QQA');
  await field(page, 'currencyName').fill('测试币种甲');
  await field(page, 'decimals').fill('9');
  await form(page).getByRole('button', { name: '保存' }).click();
  await expect(form(page).locator('[data-field=decimals]')).toContainText('不能大于 4');
  await field(page, 'decimals').fill('2');
  await field(page, 'currencyName').press('Enter');
  await expect(form(page)).toHaveCount(0);
  await expectNoRawLocaleKeys(page);

  // A duplicate code is the server's refusal, shown in the form with everything kept.
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'currencyCode').fill('QQA');
  await field(page, 'currencyName').fill('重复的币种');
  await form(page).getByRole('button', { name: '保存' }).click();
  // The before-save check asks the server first and names itself as the failing step.
  await expect(form(page).getByTestId('form-failure')).toHaveText('保存前检查未通过：币种代码“QQA”已被使用');
  await expect(field(page, 'currencyName')).toHaveValue('重复的币种');
});

test('the language switch turns a resource page and its open form English at once, keeping what was typed', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openCurrency(page, 'QQB');
  await page.getByTestId('query-form').getByLabel('币种代码').fill('US');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'currencyName').fill('语言切换中');
  await page.getByTestId('language-switch').selectOption('en-US');
  // The form, open over the page, speaks English with the shell, and keeps what was typed.
  await expect(form(page).locator('[data-field=currencyName]')).toContainText('Currency name');
  await expect(field(page, 'currencyName')).toHaveValue('语言切换中');
  await page.keyboard.press('Escape');
  await expect(form(page)).toHaveCount(0);
  // So does the page beneath: its query form and the filter typed in it, its table's headers.
  await expect(page.getByTestId('query-form').getByLabel('Currency code')).toHaveValue('US');
  await expect(page.getByTestId('resource-table').getByRole('columnheader', { name: 'Decimal places' })).toBeVisible();
  await expectNoRawLocaleKeys(page);
});

test('two people edit the same record: the second save is refused with its reason and nothing typed is lost', async ({ browser }) => {
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  await loginAs(first, ADMIN);
  await loginAs(second, STAFF);
  for (const page of [first, second]) {
    await openCurrency(page, 'AED');
    await rows(page).first().getByRole('button', { name: '修改' }).click();
    await expect(field(page, 'currencyName')).toHaveValue(/.+/);
    await expect(field(page, 'currencyCode')).toHaveAttribute('readonly', '');
  }
  await field(first, 'currencyName').fill('阿联酋迪拉姆（甲改）');
  await form(first).getByRole('button', { name: '保存' }).click();
  await expect(form(first)).toHaveCount(0);
  await expect(rows(first).first()).toContainText('阿联酋迪拉姆（甲改）');

  await field(second, 'currencyName').fill('阿联酋迪拉姆（乙改）');
  await form(second).getByRole('button', { name: '保存' }).click();
  await expect(form(second).getByRole('alert')).toContainText('该记录已被他人修改');
  await expect(field(second, 'currencyName')).toHaveValue('阿联酋迪拉姆（乙改）');
  // The first person's change stands.
  await second.reload();
  await expect(rows(second).first()).toContainText('阿联酋迪拉姆（甲改）');
});

test('a reviewed record: staff save and submit a benchmark-rate addition, an administrator passes it', async ({ browser }) => {
  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, STAFF);
  await staff.goto('/index.html#/rate-add');
  await expect(staff.getByTestId('resource-rate-add')).toBeVisible();
  await staff.getByRole('button', { name: '新增', exact: true }).click();
  await expect(field(staff, 'applyNo')).toHaveAttribute('placeholder', '保存时自动生成');
  await field(staff, 'rateType').selectOption({ label: '贷款市场报价利率' });
  await field(staff, 'tenor').selectOption({ label: '1年' });
  await field(staff, 'rateValue').fill('3.45');
  await field(staff, 'effectiveDate').fill('2026-12-20');
  // The add form saves a draft (its bar has Save only, widgets §4) and reopens it for editing,
  // where Submit sends it for review.
  await form(staff).getByRole('button', { name: '保存', exact: true }).click();
  await expect(staff.getByRole('heading', { name: '修改基准利率新增' })).toBeVisible();
  await expect(form(staff).getByTestId('record-version')).toContainText('草稿');
  await form(staff).getByRole('button', { name: '提交', exact: true }).click();
  await expect(form(staff)).toHaveCount(0);
  const row = rows(staff).filter({ hasText: '2026-12-20' }).first();
  await expect(row).toContainText('待审核');
  await expectNoRawLocaleKeys(staff);
  // Under review nothing is editable; the submitter may not decide, so no review is offered to them.
  await expect(row.getByRole('button', { name: '修改' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '审核' })).toHaveCount(0);

  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN);
  await admin.goto('/index.html#/rate-add');
  const pending = rows(admin).filter({ hasText: '2026-12-20' }).first();
  await expect(pending).toContainText('待审核');
  await pending.getByRole('button', { name: '审核' }).click();
  await admin.getByTestId('review-panel').getByRole('textbox').fill('同意');
  await admin.getByTestId('review-panel').getByRole('button', { name: '通过' }).click();
  await expect(pending).toContainText('已生效');
  // In force: disabled or nullified from the row's menu, no longer reviewed or edited.
  await expect(pending.getByRole('button', { name: '停用' })).toBeVisible();
  await expect(pending.getByRole('button', { name: '审核' })).toHaveCount(0);
  await pending.getByRole('button', { name: '更多操作' }).click();
  await expect(admin.getByRole('menuitem', { name: '作废' })).toBeVisible();
  await admin.keyboard.press('Escape');
});

test('column settings: staff reorder, pin and hide columns, reload and find them kept; only administrators see the "exists" tab', async ({ page, baseURL }) => {
  // A staff member of the test's own: the settings are kept per user, and a run cut short must not leave a shared user's table changed.
  await loginAs(page, await ownUser(baseURL!, 'cols', { duties: ['STAFF'] }));
  await page.goto('/index.html#/bank');
  const table = page.getByTestId('resource-table');
  await expect(rows(page)).toHaveCount(10);
  const headers = () => table.locator('thead th[data-field]').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-field')));
  expect((await headers()).slice(0, 3)).toEqual(['#seq', 'bankCode', 'bankName']);

  await page.getByTestId('table-settings-trigger').click();
  const settings = page.getByTestId('table-settings');
  await expect(page.getByTestId('table-settings-tab-exist')).toHaveCount(0);
  await settings.getByRole('button', { name: '上移“银行名称”' }).click();
  await page.getByTestId('table-settings-tab-fixed').click();
  await settings.getByLabel('“银行名称”的固定位置').selectOption('left');
  await page.getByTestId('table-settings-tab-hidden').click();
  await settings.getByRole('tabpanel', { name: '显示' }).getByText('英文名称', { exact: true }).click();
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(settings).toHaveCount(0);

  // A column pinned left stands leftmost; the rest keep the order chosen.
  const expected = ['bankName', '#seq', 'bankCode'];
  expect((await headers()).slice(0, 3)).toEqual(expected);
  expect(await headers()).not.toContain('bankNameEn');
  await page.reload();
  await expect(rows(page)).toHaveCount(10);
  expect((await headers()).slice(0, 3)).toEqual(expected);
  expect(await headers()).not.toContain('bankNameEn');
  await expect(table.locator('thead th[data-field=bankName]')).toHaveCSS('position', 'sticky');

  // Another user's table is not changed by it.
  const admin = await (await page.context().browser()!.newContext()).newPage();
  await loginAs(admin, ADMIN);
  await admin.goto('/index.html#/bank');
  await expect(rows(admin)).toHaveCount(10);
  expect(await admin.getByTestId('resource-table').locator('thead th[data-field]').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-field')))).toContain('bankNameEn');
  await admin.getByTestId('table-settings-trigger').click();
  await expect(admin.getByTestId('table-settings-tab-exist')).toBeVisible();
});

test('keyboard only: open the add form, fill it, save with Enter; a link cell opens the other system’s page with the row’s values', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/currency');
  await expect(rows(page)).toHaveCount(10);
  const add = page.getByTestId('resource-currency').getByRole('button', { name: '新增', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(form(page)).toBeVisible();
  // The first field has the focus when the drawer opens; Tab goes on to the next.
  await expect(field(page, 'currencyCode')).toBeFocused();
  await page.keyboard.type('QQK');
  await page.keyboard.press('Tab');
  await expect(field(page, 'currencyName')).toBeFocused();
  await page.keyboard.type('键盘币');
  await page.keyboard.press('Enter');
  await expect(form(page)).toHaveCount(0);
  await page.getByTestId('query-form').getByLabel('币种代码').fill('QQK');
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('键盘币');

  await page.goto('/index.html#/counter-party');
  const link = rows(page).filter({ hasText: 'CP000004' }).locator('[data-part=link]');
  const name = (await link.textContent())!.trim();
  await link.click();
  const frame = page.getByTestId('drawer-iframe-frame');
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.gsxt\.gov\.cn\/corp-query-search-1\.html\?/);
  const src = new URL((await frame.getAttribute('src'))!);
  expect(src.searchParams.get('counterPartyName')).toBe(name);
  expect(src.searchParams.get('creditCode')).toMatch(/^[0-9A-Z]{18}$/);
});
