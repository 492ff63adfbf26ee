import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Languages (docs/resources.md, "Languages"): the page lists what the login page offers; a
 * language the portal has no messages for is refused in place with what was typed kept. The
 * list is global (every test's login page reads it), so this test changes nothing: what a change
 * does to the list is tests/server/languages.test.ts's.
 */

const form = (page: Page) => page.getByTestId('record-form');
const rows = (page: Page) => page.getByTestId('resource-lang').getByTestId('resource-table').locator('[data-part=row]');

test('the languages offered are listed; one without messages is refused in place; in English on a phone', async ({ page }) => {
  await loginAs(page, ADMIN, '/lang');
  const resource = page.getByTestId('resource-lang');
  await expect(resource.getByRole('heading', { name: '语言', exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText('zh-CN');
  await expect(rows(page).first()).toContainText('简体中文');
  await expect(rows(page).nth(1)).toContainText('English');

  await resource.getByRole('button', { name: '新增', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(form(page)).toBeVisible();
  await form(page).locator('#field-langSymbol').fill('ja-JP');
  await form(page).locator('#field-langName').fill('日本語');
  await form(page).locator('#field-sortOrder').fill('3');
  await form(page).locator('#field-sortOrder').press('Enter');
  await expect(form(page).getByTestId('form-failure')).toContainText('门户没有ja-JP的文字资源，目前支持：zh-CN, en-US');
  await expect(form(page).locator('#field-langName')).toHaveValue('日本語');
  await page.keyboard.press('Escape');
  await expect(form(page)).toHaveCount(0);
  await expect(rows(page)).toHaveCount(2);
  await expectNoRawLocaleKeys(page);

  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('resource-lang').getByRole('heading', { name: 'Language', exact: true })).toBeVisible();
  await rows(page).filter({ hasText: 'en-US' }).locator('[data-action=view]').click();
  await expect(form(page).locator('#field-langName')).toHaveValue('English');
  await expectNoRawLocaleKeys(page);
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
});
