import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { ownUser } from './support/admin-api';

/**
 * Issue 11 point 6: the editable table on a real resource. An administrator opens the values of
 * the Tenor (期限) dictionary from the dictionary page, adds a value in place, is refused a second
 * row while one is open, sees a duplicate refused with what was typed kept, edits an English
 * text and cancels it, and finds the new value offered where the dictionary is used.
 */

/** A value per attempt: a retried test finds the first attempt's value already stored. */
const newValue = () => `18M${test.info().retry ? `_${test.info().retry}` : ''}`;

const dialog = (page: Page) => page.getByTestId('dictionary-values-dialog');
const valueRows = (page: Page) => dialog(page).getByTestId('dictionary-values').locator('[data-part=row]');
const input = (page: Page, label: string) => valueRows(page).filter({ has: page.locator('input') }).getByRole('textbox', { name: label, exact: true });

async function openTenorValues(page: Page): Promise<void> {
  await page.goto('/index.html#/dictionary');
  const list = page.getByTestId('resource-dictionary');
  // More dictionaries than a page holds: the query form finds it.
  await list.getByRole('textbox', { name: '字典代码' }).fill('Tenor');
  await list.getByRole('button', { name: '查询', exact: true }).click();
  const tenor = page.getByTestId('resource-dictionary').getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: 'Tenor' }).filter({ hasText: '期限' });
  await expect(tenor).toHaveCount(1);
  await tenor.getByRole('button', { name: '期限的字典值' }).click();
  await expect(dialog(page).getByRole('heading', { level: 2 })).toContainText('期限（Tenor）');
  // Every stored value, in their order: overnight first.
  await expect(valueRows(page).first()).toContainText('隔夜');
}

test('an administrator edits the values of a dictionary in place', async ({ page }) => {
  const value = newValue();
  await loginAs(page, ADMIN);
  await openTenorValues(page);
  const before = await valueRows(page).count();

  // A new row, checked with the resource's own rules before anything is sent.
  await dialog(page).getByRole('button', { name: '新增行' }).click();
  await expect(valueRows(page)).toHaveCount(before + 1);
  await expect(valueRows(page).last()).toHaveAttribute('data-state', 'add');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(valueRows(page).last()).toContainText('不能为空');
  await input(page, '值').fill(value);
  await input(page, '中文文本').fill('18个月');
  await input(page, '英文文本').fill('18 months');
  await input(page, '排序').fill('95');

  // One row at a time: a second row is refused while this one is open.
  await dialog(page).getByRole('button', { name: '新增行' }).click();
  await expect(dialog(page).getByRole('alert').filter({ hasText: '请先保存或取消正在编辑的行' })).toBeVisible();
  await expect(valueRows(page)).toHaveCount(before + 1);

  await dialog(page).getByRole('button', { name: '保存' }).click();
  const added = valueRows(page).filter({ hasText: '18个月' });
  await expect(added).toHaveAttribute('data-state', 'idle');
  await expect(added).toContainText(value);
  await expect(added).toContainText('18 months');
  await expect(valueRows(page)).toHaveCount(before + 1);

  // A value already in the dictionary: the server refuses, and every typed value stays.
  await dialog(page).getByRole('button', { name: '新增行' }).click();
  await input(page, '值').fill('1M');
  await input(page, '中文文本').fill('一个月');
  await input(page, '英文文本').fill('One month');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page).getByRole('alert')).toContainText('1M」已存在');
  await expect(valueRows(page).last()).toHaveAttribute('data-state', 'add');
  await expect(input(page, '值')).toHaveValue('1M');
  await expect(input(page, '中文文本')).toHaveValue('一个月');
  await expect(input(page, '英文文本')).toHaveValue('One month');
  await dialog(page).getByRole('button', { name: '取消' }).click();
  await expect(valueRows(page)).toHaveCount(before + 1);

  // A stored value: its code is not typed again; a cancelled edit shows the old text.
  const week = valueRows(page).filter({ hasText: '1周' });
  await week.getByRole('button', { name: '编辑' }).click();
  await expect(input(page, '值')).toHaveAttribute('readonly', '');
  await input(page, '英文文本').fill('One week, changed');
  await dialog(page).getByRole('button', { name: '取消' }).click();
  await expect(week).toContainText('1 week');
  await expect(week).not.toContainText('changed');
  await expectNoRawLocaleKeys(page);

  // The dictionary is used by the rate-add form: after a reload (options are kept per page load) it offers the new value.
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await page.goto('/index.html#/rate-add');
  await page.reload();
  await expect(page.getByTestId('resource-rate-add')).toBeVisible();
  await page.getByTestId('resource-rate-add').getByRole('button', { name: '新增', exact: true }).click();
  await expect(page.getByTestId('record-form').locator('#field-tenor').locator('option', { hasText: '18个月' })).toHaveCount(1);
});

test('the values table has the paged table’s column settings, export and pager', async ({ page, baseURL }) => {
  // The column settings are the user's (one for every dictionary's values): a user of the test's own.
  await loginAs(page, await ownUser(baseURL!, 'dv', { duties: ['ADMIN'] }));
  await openTenorValues(page);
  const values = dialog(page).getByTestId('dictionary-values');
  const headers = () => values.locator('thead th[data-field]').evaluateAll((ths) => ths.map((th) => th.textContent ?? ''));

  // Eleven values or more, ten a page: the pager reaches the rest, and comes back.
  await expect(valueRows(page)).toHaveCount(10);
  await dialog(page).getByRole('button', { name: '下一页' }).click();
  await expect(valueRows(page).first()).toContainText('5年');
  await expect(valueRows(page).filter({ hasText: '隔夜' })).toHaveCount(0);
  await dialog(page).getByRole('button', { name: '上一页' }).click();
  await expect(valueRows(page).first()).toContainText('隔夜');

  // While a row is edited the pager is locked (another page would drop what is typed).
  await valueRows(page).filter({ hasText: '1周' }).getByRole('button', { name: '编辑' }).click();
  await expect(values.locator('[data-part=pager]')).toHaveAttribute('data-state', 'locked');
  await expect(dialog(page).getByRole('button', { name: '导出' })).toBeDisabled();
  await dialog(page).getByRole('button', { name: '取消' }).click();
  await expect(values.locator('[data-part=pager]')).toHaveAttribute('data-state', 'open');

  // The column settings hide a column, as in the paged table.
  expect(await headers()).toEqual(['值', '中文文本', '英文文本', '排序']);
  await values.getByTestId('table-settings-trigger').click();
  const settings = page.getByTestId('table-settings');
  await page.getByTestId('table-settings-tab-hidden').click();
  await settings.getByRole('tabpanel', { name: '显示' }).getByText('英文文本', { exact: true }).click();
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(settings).toHaveCount(0);
  await expect.poll(headers).toEqual(['值', '中文文本', '排序']);
  await expect(valueRows(page).first()).not.toContainText('Overnight');

  // Export: the rows shown, as CSV, whose header row is the visible columns.
  const download = page.waitForEvent('download');
  await dialog(page).getByRole('button', { name: '导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^字典值-Tenor-\d{8}-\d{6}\.csv$/);
  const lines = (await (await file.createReadStream()).toArray()).join('').replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('值,中文文本,排序');
  expect(lines[1]).toBe('ON,隔夜,0');
  expect(lines.filter(Boolean)).toHaveLength(11);

  // Shown again from the same settings.
  await values.getByTestId('table-settings-trigger').click();
  await page.getByTestId('table-settings-tab-hidden').click();
  await settings.getByRole('tabpanel', { name: '显示' }).getByText('英文文本', { exact: true }).click();
  await settings.getByRole('button', { name: '保存' }).click();
  await expect.poll(headers).toEqual(['值', '中文文本', '英文文本', '排序']);
});

test('the payment types page, in English on a phone and by keyboard: payment types only, the dictionary fixed in the add form, a new one found', async ({ page }) => {
  const value = `UTIL${test.info().retry}`;
  await loginAs(page, ADMIN);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  try {
    await page.goto('/index.html#/payment-type');
    await page.reload();
    const resource = page.getByTestId('resource-dictionary-value.paymentType');
    await expect(resource.getByRole('heading', { name: 'Payment type' })).toBeVisible();
    const rows = resource.getByTestId('resource-table').locator('[data-part=row]');
    await expect(rows.first()).toContainText('Goods');
    // The dictionary is the page's hidden param: no column and no filter for it, no other dictionary's values.
    await expect(resource.getByRole('columnheader', { name: 'Dictionary code' })).toHaveCount(0);
    await expect(resource.locator('#query-dictType')).toHaveCount(0);
    await expect(resource.getByTestId('resource-table')).not.toContainText('Loan prime rate');

    await resource.getByRole('button', { name: 'Add', exact: true }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByTestId('record-form');
    await expect(form.locator('#field-dictType')).toHaveValue('PaymentType');
    await expect(form.locator('#field-dictType')).toHaveAttribute('readonly', '');
    await expect(form.locator('#field-value')).toBeFocused();
    await page.keyboard.type(value);
    await page.keyboard.press('Tab');
    await page.keyboard.type('水电费');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Utility bills');
    await page.keyboard.press('Enter');
    await expect(form).toHaveCount(0);
    await expectNoRawLocaleKeys(page);

    await resource.locator('#query-value').fill(value);
    await resource.locator('#query-value').press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Utility bills');

    // Disabled from the row's menu by keyboard: the question starts on its confirm, and once the
    // step is taken the keyboard is back on the row (the menu item it came from is gone).
    await rows.first().locator('[data-part=row-menu]').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Disable' })).toBeVisible();
    await page.keyboard.press('Enter');
    const question = page.getByTestId('question-dialog');
    await expect(question.getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question).toHaveCount(0);
    await expect(rows.first()).toContainText('Disabled');
    await expect(rows.first().locator('[data-action=view]')).toBeFocused();
  } finally {
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  }
});

test('module registration lists the business modules only, the dictionary being the page’s hidden param', async ({ page }) => {
  await loginAs(page, ADMIN, '/module-register');
  const resource = page.getByTestId('resource-dictionary-value.bizModule');
  await expect(resource.getByRole('heading', { name: '模块注册' })).toBeVisible();
  await expect(page).toHaveTitle(/模块注册/);
  const rows = resource.getByTestId('resource-table').locator('[data-part=row]');
  await expect(rows.filter({ hasText: '资金结算' })).toHaveCount(1);
  await expect(resource.getByRole('columnheader', { name: '字典代码' })).toHaveCount(0);
  await expect(resource.getByTestId('resource-table')).not.toContainText('贷款市场报价利率');
  await expectNoRawLocaleKeys(page);
});

test('contact organisation types list the counterparty types only, the dictionary being the page’s hidden param', async ({ page }) => {
  await loginAs(page, ADMIN, '/contact-org-type');
  const resource = page.getByTestId('resource-dictionary-value.contactOrgType');
  await expect(resource.getByRole('heading', { name: '往来单位类型' })).toBeVisible();
  const rows = resource.getByTestId('resource-table').locator('[data-part=row]');
  await expect(rows.filter({ hasText: '非银行金融机构' })).toHaveCount(1);
  await expect(resource.getByRole('columnheader', { name: '字典代码' })).toHaveCount(0);
  await expect(resource.getByTestId('resource-table')).not.toContainText('资金结算');
  await expectNoRawLocaleKeys(page);
});
