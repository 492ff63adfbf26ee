import { expect, test } from '@playwright/test';
import { STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * The interest rates in force on a day (the menu's 利率 page; docs/resources.md, "Benchmark
 * rates"): a clerk types a day and reads each rate as it stood then, the one that took effect
 * that day marked; a day that is no day says so and keeps the last answer; in English on a phone.
 * The days are of the seeded LPR history (2024), which no other test changes.
 */
test('a clerk reads the rates in force on a day typed, by keyboard; a day that is no day says so', async ({ page }) => {
  await loginAs(page, STAFF, '/rate');
  const rates = page.getByTestId('rates-in-force');
  await expect(rates.getByRole('heading', { name: '利率' })).toBeVisible();
  // Today's rates first.
  await expect(rates.getByTestId('rates-caption')).toContainText('执行的利率');
  const day = rates.locator('#rates-date');
  await day.fill('2024-10-21');
  await expect(rates.getByTestId('rates-caption')).toHaveText(/^2024-10-21执行的利率，共 \d+ 条$/);
  const lpr1y = rates.locator('[data-part=row][data-rate="LPR-CNY-1Y-20241021"]');
  await expect(lpr1y).toContainText('3.1');
  await expect(lpr1y).toContainText('当天生效');
  await expect(lpr1y).toHaveAttribute('data-state', 'new');

  await day.fill('2024-10-20');
  await expect(rates.getByTestId('rates-caption')).toHaveText(/^2024-10-20执行的利率/);
  await expect(rates.locator('[data-part=row][data-rate="LPR-CNY-1Y-20240722"]')).toContainText('3.35');

  await day.fill('2025-02-30');
  await expect(rates.getByText('“2025-02-30”不是有效的日期')).toBeVisible();
  await expect(rates.getByTestId('rates-caption')).toHaveText(/^2024-10-20执行的利率/);
  await day.fill('2000-01-01');
  await expect(rates.getByTestId('rates-caption')).toHaveText('2000-01-01没有已生效的利率');
  await expect(rates.getByTestId('rates-table')).toHaveCount(0);
  await expectNoRawLocaleKeys(page);

  // Another language asks the same day again: what is typed stays, the names follow.
  await day.fill('2024-12-01');
  await expect(rates.getByTestId('rates-caption')).toHaveText(/^2024-12-01执行的利率/);
  await page.getByTestId('language-switch').selectOption('en-US');
  await expect(rates.getByTestId('rates-caption')).toHaveText(/^Rates in force on 2024-12-01: \d+$/);
  await expect(day).toHaveValue('2024-12-01');
  await expect(rates.locator('[data-part=row][data-rate="LPR-CNY-5Y-20241021"]')).toContainText('Loan prime rate (LPR)');
});

test('in English on a phone: the rates of a day, with the names of their types and tenors', async ({ page }) => {
  await loginAs(page, STAFF);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  try {
    await page.goto('/index.html#/rate');
    await page.reload();
    const rates = page.getByTestId('rates-in-force');
    await expect(rates.getByRole('heading', { name: 'Interest rates' })).toBeVisible();
    await rates.locator('#rates-date').fill('2024-12-01');
    await expect(rates.getByTestId('rates-caption')).toHaveText(/^Rates in force on 2024-12-01: \d+$/);
    await expect(rates.locator('[data-part=row][data-rate="LPR-CNY-5Y-20241021"]')).toContainText('Loan prime rate (LPR)');
    await expect(rates.locator('[data-part=row][data-rate="LPR-CNY-5Y-20241021"]')).toContainText('5 years');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectNoRawLocaleKeys(page);
  } finally {
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  }
});
