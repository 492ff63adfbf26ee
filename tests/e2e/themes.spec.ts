import { expect, test } from '@playwright/test';
import { CHECKER, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * The Themes page (src/views/themes): the settings drawer's theme choice as a page, each theme in
 * its colours. The checker's theme: shell-frame.spec changes the staff user's and checks it.
 */
test('a theme chosen on the Themes page by keyboard applies at once, is kept by the server for a fresh browser, and the page reads in English at 390 px', async ({ page, browser }) => {
  await loginAs(page, CHECKER, '/themes');
  const view = page.getByTestId('themes');
  await expect(view.getByRole('heading', { name: '主题' })).toBeVisible();
  const root = page.locator('[data-theme]').first();
  const before = await root.getAttribute('data-theme');
  const cards = view.getByTestId('theme-card');
  await expect(cards).toHaveCount(6);
  await expect(view.getByRole('radio', { checked: true }).first()).toBeVisible();

  // By keyboard: another theme's radio focused, and Space.
  const next = before === 'var1' ? 'var2' : 'var1';
  await view.getByRole('radio', { name: next === 'var1' ? '蓝色' : '青色', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(view.getByRole('radio', { name: next === 'var1' ? '蓝色' : '青色', exact: true })).toBeChecked();
  await expect(root).toHaveAttribute('data-theme', next);
  await expect(view).toHaveAttribute('data-state', 'saved');
  await expectNoRawLocaleKeys(page);

  // The settings drawer shows the same choice (one actor for both).
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人设置' }).click();
  await expect(page.getByTestId('drawer-settings').getByTestId('theme-select')).toHaveValue(next);
  await page.keyboard.press('Escape');

  // The server keeps it: a fresh browser, in English on a phone, gets it at login.
  const fresh = await browser.newContext({ locale: 'en-US' });
  const other = await fresh.newPage();
  await other.goto('/api/portal/login/query-system-setting');
  await other.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await loginAs(other, CHECKER, '/themes');
  // A phone's width (the shell's menu is in a drawer there, so the login waits for it first).
  await other.setViewportSize({ width: 390, height: 844 });
  const otherView = other.getByTestId('themes');
  await expect(otherView.getByRole('heading', { name: 'Themes' })).toBeVisible();
  await expect(other.locator('[data-theme]').first()).toHaveAttribute('data-theme', next);
  await expect(otherView.getByRole('radio', { checked: true }).first()).toHaveAttribute('value', next);
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoRawLocaleKeys(other);
  // Put the checker's theme back, from this page.
  await otherView.locator(`input[type=radio][value="${before}"]`).focus();
  await other.keyboard.press('Space');
  await expect(other.locator('[data-theme]').first()).toHaveAttribute('data-theme', before!);
  await expect(otherView).toHaveAttribute('data-state', 'saved');
  await fresh.close();
});
