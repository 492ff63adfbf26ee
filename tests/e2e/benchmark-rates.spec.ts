import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Benchmark rates (docs/resources.md, "Benchmark rates"): a clerk writes a rate change by
 * keyboard, the rate picked by its typed code through the magnifier, which fills the value in
 * force; a change to that same value is refused in place with what was typed kept; an
 * administrator passes it, in English; the benchmark rates page then shows the new value and the
 * application that set it. Each worker changes its own seeded rate, so the two never meet.
 */

const form = (page: Page) => page.getByTestId('record-form');
/** Scoped to the page's resource: a kept page (the one left) stays in the document, hidden. */
const rows = (page: Page, code: string) => page.getByTestId(`resource-${code}`).getByTestId('resource-table').locator('[data-part=row]');

test('a clerk changes a benchmark rate by keyboard, an administrator passes it in English, and the rate in force shows it', async ({ browser }) => {
  const tenor = test.info().parallelIndex === 0 ? '2Y' : '6M';
  const rateCode = `DEPOSIT-CNY-${tenor}-20151024`;
  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, STAFF, '/rate-change');
  const resource = staff.getByTestId('resource-rate-change');
  await expect(resource.getByRole('heading', { name: '基准利率变更' })).toBeVisible();
  await resource.getByRole('button', { name: '新增', exact: true }).focus();
  await staff.keyboard.press('Enter');
  await expect(form(staff)).toBeVisible();

  // The rate's code typed in part: the only rate it names is picked without the dialog, and the
  // value it has now fills the old rate.
  const rate = form(staff).getByTestId('lookup-field-rateCode');
  await rate.fill(`DEPOSIT-CNY-${tenor}`);
  await rate.press('Enter');
  await expect(rate).toHaveValue(rateCode);
  const old = await form(staff).locator('#field-oldValue').inputValue();
  expect(Number(old)).toBeGreaterThan(0);
  const next = (Number(old) + 0.05).toFixed(2);

  await form(staff).locator('#field-newValue').fill(old);
  await form(staff).locator('#field-reason').fill('人民银行公布更正');
  await form(staff).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(staff).getByTestId('form-failure')).toContainText(`新利率与现行利率（${Number(old)}%）相同`);
  await expect(form(staff).locator('#field-reason')).toHaveValue('人民银行公布更正');
  await expect(rate).toHaveValue(rateCode);

  await form(staff).locator('#field-newValue').fill(next);
  await form(staff).locator('#field-newValue').press('Enter');
  await expect(form(staff).getByTestId('record-version')).toContainText('草稿');
  await form(staff).getByRole('button', { name: '提交', exact: true }).click();
  await expect(form(staff)).toHaveCount(0);
  const submitted = rows(staff, 'rate-change').filter({ hasText: rateCode }).filter({ hasText: '待审核' }).first();
  await expect(submitted).toBeVisible();
  const applyNo = (await submitted.locator('td').nth(1).innerText()).trim();
  expect(applyNo).toMatch(/^RC\d{6}$/);
  await expectNoRawLocaleKeys(staff);
  await staff.context().close();

  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN);
  await admin.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await admin.goto('/index.html#/rate-change');
  await admin.reload();
  const pending = rows(admin, 'rate-change').filter({ hasText: applyNo });
  await expect(pending).toContainText('Pending review');
  await pending.getByRole('button', { name: 'Review' }).click();
  await admin.getByTestId('review-panel').getByRole('textbox').fill('Agreed');
  await admin.getByTestId('review-panel').getByRole('button', { name: 'Pass' }).click();
  await expect(pending).toContainText('In force');

  await admin.goto('/index.html#/benchmark-rate');
  const rates = admin.getByTestId('resource-rate');
  await expect(rates.getByRole('heading', { name: 'Benchmark rate', exact: true })).toBeVisible();
  // Read-only: nothing to add, nothing to change on a row.
  await expect(rates.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await rates.locator('#query-rateType').selectOption('DEPOSIT');
  await rates.locator('#query-rateType').press('Enter');
  const row = rows(admin, 'rate').filter({ hasText: rateCode });
  await expect(row).toContainText(applyNo);
  await expect(row).toContainText(next);
  await expect(row.getByRole('button')).toHaveCount(0);
  await expectNoRawLocaleKeys(admin);
  await admin.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await admin.context().close();
});
