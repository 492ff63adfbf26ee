import { expect, test } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

test('switching to en-US translates the whole shell and every drawer at once; the choice is remembered and saved', async ({ page }) => {
  await loginAs(page, ADMIN, '/exchange-rate');
  await expect(page.getByTestId('breadcrumbs')).toHaveText(/利率汇率.*汇率.*汇率/);
  await expect(page.getByTestId('shell-title')).toHaveText('资金管理平台');
  await expect(page.getByTestId('language-switch').locator('option')).toHaveText(['简体中文', 'English']);
  await page.getByTestId('language-switch').selectOption('en-US');
  // Without a reload: the menu, the breadcrumbs and the system title (all named by the server) follow.
  await expect(page.getByTestId('nav-menu').getByRole('button', { name: 'System settings' })).toBeVisible();
  await expect(page.getByTestId('breadcrumbs')).toHaveText(/Rates.*Exchange rates.*Exchange rates/);
  await expect(page.getByTestId('shell-title')).toHaveText('Treasury Portal');
  await expect(page).toHaveTitle('Treasury Portal-Exchange rates');
  await page.goto('/index.html#/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByTestId('open-reminders')).toHaveText('Reminders');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en-US');
  await expect(page.getByTestId('workbench')).toContainText('Welcome');
  await expectNoRawLocaleKeys(page);

  // Saved on the user: a reload keeps it.
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

  // An address no page answers says so in English (every menu leaf has its page; a placeholder's words are tests/unit/placeholder-page.test.tsx's).
  await page.goto('/index.html#/no-such-page');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expectNoRawLocaleKeys(page);

  // Logged out, the login page stays in English; the language chosen there is the one the
  // user gets after logging in, and it is saved on the user (the other tests need Chinese).
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('tab', { name: 'Password' })).toBeVisible();
  await expectNoRawLocaleKeys(page);
  await page.getByTestId('language-switch').selectOption('zh-CN');
  const saved = page.waitForResponse((r) => r.url().includes('/login/lang-setting'));
  await loginAs(page, ADMIN, '', { throughForm: true });
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('open-reminders')).toHaveText('提醒');
  // The system title comes from the session info in the user's saved language: saved, then.
  await expect(page.getByTestId('shell-title')).toHaveText('资金管理平台');
  await expect(page.getByTestId('nav-menu').getByRole('button', { name: '系统设置' })).toBeVisible();
});
