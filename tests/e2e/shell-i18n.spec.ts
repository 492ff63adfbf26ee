import { expect, test } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

test('switching to en-US translates the whole shell and every drawer; the choice is remembered and saved', async ({ page }) => {
  await loginAs(page, ADMIN);
  await expect(page.getByTestId('language-switch').locator('option')).toHaveText(['简体中文', 'English']);
  await page.getByTestId('language-switch').selectOption('en-US');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByTestId('open-reminders')).toHaveText('Reminders');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en-US');
  await expect(page.getByTestId('workbench')).toContainText('Welcome');
  await expectNoRawLocaleKeys(page);

  // Menu names come from the server in the session's language.
  await page.reload();
  await expect(page.getByTestId('nav-menu').getByRole('button', { name: 'System settings' })).toBeVisible();
  await expect(page).toHaveTitle(/-Workbench$/);

  for (const [item, drawer] of [
    ['Settings', 'drawer-settings'],
    ['Change password', 'drawer-password'],
    ['Session information', 'drawer-session'],
    ['Recent searches', 'drawer-searchHistory'],
    ['Keyboard shortcuts', 'drawer-shortcuts'],
  ] as const) {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(page.getByTestId(drawer)).toBeVisible();
    await expectNoRawLocaleKeys(page);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(drawer)).toHaveCount(0);
  }
  await page.getByTestId('open-all-menus').click();
  await expect(page.getByTestId('all-menus')).toContainText('System settings');
  await expectNoRawLocaleKeys(page);
  await page.keyboard.press('Escape');
  await page.getByTestId('open-reminders').click();
  await expect(page.getByTestId('drawer-reminders').getByTestId('reminders')).toBeVisible();
  await expectNoRawLocaleKeys(page);
  await page.keyboard.press('Escape');

  await page.getByTestId('menu-search').fill('rate');
  await expect(page.getByTestId('menu-search-option').first()).toBeVisible();
  await expectNoRawLocaleKeys(page);
  await page.getByTestId('menu-search').press('Enter');
  await expect(page.getByTestId('placeholder-page')).toContainText('This page is being built');
  await expectNoRawLocaleKeys(page);

  // Logged out, the login page stays in English; logging in again keeps the user's saved language.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('tab', { name: 'Password' })).toBeVisible();
  await expectNoRawLocaleKeys(page);
  await page.getByTestId('language-switch').selectOption('zh-CN');
  await loginAs(page, ADMIN);
  await expect(page.getByTestId('open-reminders')).toHaveText('Reminders');

  // Put the administrator back in Chinese for the other tests.
  await page.getByTestId('language-switch').selectOption('zh-CN');
  await expect(page.getByTestId('open-reminders')).toHaveText('提醒');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-CN');
});
