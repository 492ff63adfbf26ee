import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * System field maps (docs/import.md, "Field maps") as an administrator meets them: a bank's file
 * names the date column its own way; a map added on the field maps page by keyboard lets that
 * file import as it comes. A map's name is this run's own (maps only widen what an import
 * accepts, so no other test sees it); the field is chosen from the template's columns, and a name
 * a column already has is refused in place, in English on a phone.
 */
const form = (page: Page) => page.getByTestId('record-form');
/** Pages stay alive once opened: each page's table is looked for inside its own resource. */
const rows = (page: Page, code: string) => page.getByTestId(`resource-${code}`).getByTestId('resource-table').locator('[data-part=row]');

/** Three capital letters and a column name no other test (nor worker, nor run on this database) uses. */
function unique(): { currency: string; column: string } {
  const n = Date.now() + test.info().parallelIndex * 7919 + Math.floor(Math.random() * 1000);
  const letter = (k: number) => String.fromCharCode(65 + (Math.floor(n / 26 ** k) % 26));
  return { currency: `Q${letter(1)}${letter(0)}`, column: `起息日-${n % 1_000_000}` };
}

test('a bank file with its own name for the date imports once a field map says which column it is', async ({ page }) => {
  const { currency, column } = unique();
  await loginAs(page, ADMIN, '/sys-field-map-setting');
  const resource = page.getByTestId('resource-sys-field-map-setting');
  await expect(resource.getByRole('heading', { name: '系统字段映射', exact: true })).toBeVisible();

  await resource.getByRole('button', { name: '新增', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(form(page)).toBeVisible();
  await form(page).locator('#field-resourceCode').selectOption({ label: '汇率 (exchange-rate)' });
  await form(page).locator('#field-fieldName').selectOption({ label: '日期 (rateDate)' });
  await form(page).locator('#field-sourceName').fill(column);
  await form(page).locator('#field-sourceSystem').fill('中国银行网银');
  await form(page).locator('#field-sourceSystem').press('Enter');
  await expect(form(page)).toHaveCount(0);
  await expect(rows(page, 'sys-field-map-setting').filter({ hasText: column })).toHaveCount(1);
  // The column it renames, as the import template labels it (the dictionary of the row's resource).
  await expect(rows(page, 'sys-field-map-setting').filter({ hasText: column }).getByRole('cell', { name: '日期 (rateDate)', exact: true })).toBeVisible();
  await expectNoRawLocaleKeys(page);

  await page.goto('/index.html#/exchange-rate');
  await expect(page.getByTestId('resource-exchange-rate')).toBeVisible();
  await page.getByTestId('import-trigger').click();
  const box = page.getByTestId('import-dialog');
  await expect(box).toBeVisible();
  const file = test.info().outputPath('bank.csv');
  await writeFile(file, `${column},原币种,目标币种,汇率\n2034-01-05,${currency},CNY,1.25\n`);
  await box.getByTestId('import-file-input').setInputFiles(file);
  await box.getByRole('radio', { name: '追加' }).check({ force: true });
  await box.getByTestId('import-submit').focus();
  await page.keyboard.press('Enter');
  await expect(box.getByTestId('import-result')).toHaveText('已导入 1 行');
  await page.keyboard.press('Enter');
  const query = page.getByTestId('resource-exchange-rate').getByTestId('query-form');
  await query.getByLabel('原币种').fill(currency);
  await query.getByTestId('query-search').click();
  await expect(rows(page, 'exchange-rate')).toHaveCount(1);
  await expect(rows(page, 'exchange-rate').first()).toContainText('2034-01-05');
});

test('the field is one of the template’s columns; a name a column already has is refused in place, what was typed kept; in English on a phone', async ({ page }) => {
  await page.goto('/login.html#/login');
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await loginAs(page, ADMIN, '/sys-field-map-setting');
  await page.setViewportSize({ width: 390, height: 844 });
  const resource = page.getByTestId('resource-sys-field-map-setting');
  await expect(resource.getByRole('heading', { name: 'System field map', exact: true })).toBeVisible();
  await resource.getByRole('button', { name: 'Add', exact: true }).focus();
  await page.keyboard.press('Enter');
  await form(page).locator('#field-resourceCode').selectOption({ label: 'Exchange rate (exchange-rate)' });
  const field = form(page).locator('#field-fieldName');
  await expect(field.locator('option:not([value=""])')).toHaveText(['Date (rateDate)', 'From currency (sourceCurrency)', 'To currency (targetCurrency)', 'Rate (rate)']);
  await field.selectOption({ label: 'Rate (rate)' });
  await form(page).locator('#field-sourceName').fill('From currency');
  await form(page).locator('#field-sourceName').press('Enter');
  await expect(form(page).getByTestId('form-failure')).toContainText('“From currency” is already the name of the column From currency');
  await expect(form(page).locator('#field-sourceName')).toHaveValue('From currency');
  await expect(field).toHaveValue('rate');
  const box = await form(page).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectNoRawLocaleKeys(page);
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
});
