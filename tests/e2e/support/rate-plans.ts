import { expect, type Page } from '@playwright/test';
import { loginAs } from './users';

/** The rate-plan page's parts the approval tests read (issue 15). */
export const recordForm = (page: Page) => page.getByTestId('record-form');
export const formField = (page: Page, name: string) => recordForm(page).locator(`#field-${name}`);
export const resourceRows = (page: Page) => page.getByTestId('resource-table').locator('[data-part=row]');

export async function openRatePlans(page: Page, user: { userCode: string; password: string }): Promise<void> {
  await loginAs(page, user);
  await page.goto('/index.html#/rate-plan');
  await expect(page.getByTestId('resource-rate-plan')).toBeVisible();
}

/**
 * As the clerk does it on an open rate-plan page: fills in a plan, saves it as a draft, submits
 * it; answers its row, waiting for review.
 */
export async function submitRatePlan(page: Page, planName: string) {
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await formField(page, 'planName').fill(planName);
  await formField(page, 'rateType').selectOption({ label: '贷款市场报价利率' });
  await formField(page, 'floatRate').fill('0.35');
  await formField(page, 'effectiveDate').fill('2026-12-01');
  await recordForm(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(recordForm(page).getByTestId('record-version')).toContainText('草稿');
  await recordForm(page).getByRole('button', { name: '提交', exact: true }).click();
  await expect(recordForm(page)).toHaveCount(0);
  const row = resourceRows(page).filter({ hasText: planName });
  await expect(row).toContainText('待审核');
  return row;
}
