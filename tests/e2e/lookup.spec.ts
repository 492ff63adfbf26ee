import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 12 points 1 and 2 in the real browser against the real server and its seeded data:
 * the organisation lookup of the department form (search, double-click pick, clear), multi
 * selection of organisations, the budget lookup's amounts converted at the seeded rate, the
 * payment account's warning in English, and the dialog on a phone.
 */

const dialog = (page: Page, code: string) => page.getByTestId(`lookup-dialog-${code}`);

async function openDepartmentAdd(page: Page) {
  await page.goto('/index.html#/department');
  await expect(page.getByTestId('resource-department')).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page.getByTestId('record-form')).toBeVisible();
}

test('department form: the organisation lookup opens at page 1 of 10, searches, a double-click fills the field and closes, clear empties it', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openDepartmentAdd(page);
  const form = page.getByTestId('record-form');
  await form.getByTestId('lookup-open-orgCode').click();
  const d = dialog(page, 'organisation');
  await expect(d).toBeVisible();
  // Single lookup: 800 px wide (widgets §9) on a desktop screen.
  expect(Math.round((await d.boundingBox())!.width)).toBe(800);
  await expect(d.locator('th[data-field]')).toHaveText(['机构代码', '机构名称', '机构类型', '机构性质', '结算中心']);
  await expect(d.getByLabel('每页条数')).toHaveValue('10');
  await expect(d.getByTestId('lookup-row').first()).toBeVisible();
  await d.getByLabel('机构名称').fill('广州');
  await d.getByRole('button', { name: '查询', exact: true }).click();
  await expect(d.getByTestId('lookup-row')).toHaveCount(1);
  await d.getByTestId('lookup-row').dblclick();
  await expect(d).toHaveCount(0);
  await expect(form.getByTestId('lookup-field-orgCode')).toHaveValue('GZ01 集团广州分公司');
  await expectNoRawLocaleKeys(page);

  await form.getByTestId('lookup-clear-orgCode').click();
  await expect(form.getByTestId('lookup-field-orgCode')).toHaveValue('');
  // Opened again: the search is blank and page 1 shows again.
  await form.getByTestId('lookup-open-orgCode').click();
  await expect(dialog(page, 'organisation').getByLabel('机构名称')).toHaveValue('');
  await expect(dialog(page, 'organisation').getByTestId('lookup-row').nth(1)).toBeVisible();
  // Chosen with the keyboard: Space chooses, confirm picks.
  await dialog(page, 'organisation').getByTestId('lookup-row').first().focus();
  await page.keyboard.press(' ');
  await dialog(page, 'organisation').getByRole('button', { name: '确定', exact: true }).click();
  await expect(dialog(page, 'organisation')).toHaveCount(0);
  await expect(form.getByTestId('lookup-field-orgCode')).not.toHaveValue('');
});

test('multi select: organisations added on the left go to the right, confirm writes them all; opened again they are still selected', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/lookups');
  const demo = page.getByTestId('lookup-demo-organisation-multi');
  await demo.getByTestId('lookup-open-orgCode').click();
  const d = dialog(page, 'organisation');
  expect(Math.round((await d.boundingBox())!.width)).toBe(1100);
  const rows = d.getByTestId('lookup-row');
  await rows.nth(0).getByRole('button', { name: '添加' }).click();
  await rows.nth(1).dblclick();
  await expect(d.getByTestId('lookup-selected-row')).toHaveCount(2);
  const codes = await d.getByTestId('lookup-selected-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
  await d.getByRole('button', { name: '确定', exact: true }).click();
  await expect(d).toHaveCount(0);
  await expect(demo.getByTestId('lookup-values-organisation-multi')).toContainText(`"orgCode":"${codes.join(',')}"`);
  await demo.getByTestId('lookup-open-orgCode').click();
  await expect(dialog(page, 'organisation').getByTestId('lookup-selected-row')).toHaveCount(2);
  // Removed on the right, then confirmed: only the other remains.
  await dialog(page, 'organisation').getByTestId('lookup-selected-row').first().getByRole('button').click();
  await dialog(page, 'organisation').getByRole('button', { name: '确定', exact: true }).click();
  await expect(demo.getByTestId('lookup-values-organisation-multi')).toContainText(`"orgCode":"${codes[1]}"`);
});

test('budget multi select: amounts typed on the right are converted at the seeded rate with 2 decimals; an empty amount stops confirm', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/lookups');
  const demo = page.getByTestId('lookup-demo-budget-multi');
  await demo.getByLabel('业务币种').selectOption('CNY');
  await demo.getByTestId('lookup-open-budgetCode').click();
  const d = dialog(page, 'budget');
  await d.getByLabel('预算编号').fill('HQ-2026Q1-');
  await d.getByRole('button', { name: '查询', exact: true }).click();
  await expect(d.getByTestId('lookup-row')).toHaveCount(6);
  await d.getByTestId('lookup-row').filter({ hasText: 'HQ-2026Q1-IMP' }).dblclick();
  await d.getByTestId('lookup-row').filter({ hasText: 'HQ-2026Q1-OPEX' }).getByRole('button', { name: '添加' }).click();
  const selected = d.getByTestId('lookup-selected-row');
  await expect(selected).toHaveCount(2);
  // The dollar budget: the rate from yuan into dollars, the converted amount = amount × rate.
  const imp = selected.filter({ hasText: 'HQ-2026Q1-IMP' });
  const rate = Number(await imp.locator('[data-field=exchangeRate]').textContent());
  expect(rate).toBeGreaterThan(0.08);
  expect(rate).toBeLessThan(0.25);
  await imp.getByRole('textbox').fill('12345.67');
  const expected = (Math.round(12345.67 * rate * 100) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(imp.locator('[data-field=convertedAmount]')).toHaveText(expected);
  const opex = selected.filter({ hasText: 'HQ-2026Q1-OPEX' });
  await expect(opex.locator('[data-field=exchangeRate]')).toHaveText('1');
  // No amount on the yuan budget yet: confirm is refused on its row.
  await d.getByRole('button', { name: '确定', exact: true }).click();
  await expect(opex.getByText('请填写大于 0 的金额，最多 2 位小数')).toBeVisible();
  await opex.getByRole('textbox').fill('800.5');
  await expect(opex.locator('[data-field=convertedAmount]')).toHaveText('800.50');
  await d.getByRole('button', { name: '确定', exact: true }).click();
  await expect(d).toHaveCount(0);
  const result = demo.getByTestId('lookup-budget-result');
  await expect(result.getByRole('row')).toHaveCount(2);
  await expect(result.getByRole('row').filter({ hasText: 'HQ-2026Q1-IMP' })).toContainText(expected);
  await expect(demo.getByTestId('lookup-values-budget-multi')).toContainText('HQ-2026Q1-IMP,HQ-2026Q1-OPEX');
});

test('in English: the payment account lookup shows its warning and the account columns without the nature; on a phone the dialog fits the screen', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/lookups');
  await page.getByTestId('language-switch').selectOption('en-US');
  try {
    const demo = page.getByTestId('lookup-demo-payment-account-single');
    await demo.getByTestId('lookup-open-acctNo').click();
    const d = dialog(page, 'payment-account');
    await expect(d.getByTestId('lookup-warning')).toContainText('the payment is made from the account chosen');
    await expect(d.locator('th[data-field]')).toHaveText(['Account name', 'Account number', 'Organisation', 'Financial office', 'Currency', 'Bank']);
    await expect(d.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await expectNoRawLocaleKeys(page);
    await d.getByRole('button', { name: 'Cancel', exact: true }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('lookup-demo-account-single').getByTestId('lookup-open-acctNo').click();
    const phone = dialog(page, 'account');
    await expect(phone.getByTestId('lookup-row').first()).toBeVisible();
    const box = (await phone.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Paged at 10, and the pager moves on.
    await expect(phone.getByTestId('lookup-row')).toHaveCount(10);
    const firstKey = await phone.getByTestId('lookup-row').first().getAttribute('data-key');
    await phone.getByRole('button', { name: /next/i }).click();
    await expect(phone.getByTestId('lookup-row').first()).not.toHaveAttribute('data-key', firstKey!);
    await expect(phone.getByTestId('lookup-row')).toHaveCount(10);
    await expect(phone.getByTestId('lookup-results').locator('xpath=..')).toHaveAttribute('aria-busy', 'false');
    await phone.getByTestId('lookup-row').first().dblclick();
    await expect(phone).toHaveCount(0);
    await expect(page.getByTestId('lookup-field-acctNo').first()).not.toHaveValue('');
  } finally {
    await page.getByTestId('language-switch').selectOption('zh-CN');
  }
});

test('a lookup that fills two fields writes both into the form: the branch’s CNAPS code and its bank code', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/account');
  await expect(page.getByTestId('resource-account')).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('record-form');
  await expect(form.locator('#field-bankCode')).toHaveValue('');
  await form.getByTestId('lookup-open-lineNumber').click();
  const d = dialog(page, 'bank');
  await expect(d.getByTestId('lookup-row').first()).toBeVisible();
  const cnaps = (await d.getByTestId('lookup-row').first().locator('td').allInnerTexts()).find((text) => /^[0-9]{12}$/.test(text.trim()))!.trim();
  await d.getByTestId('lookup-row').first().dblclick();
  await expect(d).toHaveCount(0);
  await expect(form.getByTestId('lookup-field-lineNumber')).toHaveValue(new RegExp(`^${cnaps}`));
  await expect(form.locator('#field-bankCode')).toHaveValue(/^[0-9]{3}$/);
  expect(cnaps.startsWith(await form.locator('#field-bankCode').inputValue())).toBe(true);
});
