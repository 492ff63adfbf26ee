import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 10 point 4 and 5 in the browser: each user saves a search on a resource page, makes it
 * the default, reloads and finds it applied (the query page starts with it); the name rules
 * speak in the dialog; staff never see the administrators' hidden-field settings.
 */
const rows = (page: Page) => page.getByTestId('resource-table').locator('[data-part=row]');

// Each user saves on a page of their own, so no other test's page starts filtered.
async function saveDefaultSearch(page: Page, path: string, label: string, name: string, code: string) {
  await page.goto(`/index.html#${path}`);
  await expect(rows(page)).toHaveCount(10);
  const form = page.getByTestId('query-form');
  await form.getByLabel(label).fill(code);
  await page.getByTestId('query-search').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(code);

  await page.getByTestId('query-save').click();
  const dialog = page.getByTestId('save-query-dialog');
  await expect(dialog).toBeVisible();
  // Seven characters are one too many (counted as characters, so six Chinese ones fit).
  await dialog.getByLabel('名称').fill('我的常用币种查');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toContainText('名称最多 6 个字');
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByText('设为默认查询').click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  const saved = page.getByTestId('saved-search').filter({ hasText: name });
  await expect(saved).toHaveAttribute('data-default', 'true');
  await expectNoRawLocaleKeys(page);

  // A reload starts the page with the default search applied: its filter typed, its rows shown.
  await page.reload();
  await expect(page.getByTestId('query-form').getByLabel(label)).toHaveValue(code);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(code);
}

test('an administrator saves a default search and finds it applied after a reload; the hidden-field settings are offered', async ({ page }) => {
  await loginAs(page, ADMIN);
  await saveDefaultSearch(page, '/country', '国家代码', '中国查询', 'CN');
  await expect(page.getByTestId('query-hidden-settings')).toBeVisible();
  await page.getByTestId('query-hidden-settings').click();
  await expect(page.getByTestId('hidden-field-dialog')).toBeVisible();
  await expect(page.getByTestId('hidden-field-row')).toHaveCount(2);
});

test('staff save their own default search, see only theirs, and never the administrators’ settings', async ({ page }) => {
  await loginAs(page, STAFF);
  await saveDefaultSearch(page, '/province', '省份代码', '北京', '11');
  await expect(page.getByTestId('saved-search')).toHaveCount(1);
  await expect(page.getByTestId('query-hidden-settings')).toHaveCount(0);

  // Clicking the default's star again unsets it: the next visit starts unfiltered.
  await page.getByRole('button', { name: '取消“北京”的默认' }).click();
  await expect(page.getByTestId('saved-search')).not.toHaveAttribute('data-default', 'true');
  await page.reload();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByTestId('query-form').getByLabel('省份代码')).toHaveValue('');
});
