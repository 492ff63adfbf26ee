import { expect, test } from '@playwright/test';
import { ADMIN, CHECKER, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * "My reminders" of the menu's workbench group is the header's reminders list as a page: the same
 * list, so the page and the drawer agree. It only reads: other tests of this worker cancel the
 * user's reminders, so their number is whatever is left.
 */
test('my reminders opens from the menu search by keyboard and lists what the reminders drawer lists', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.getByTestId('menu-search').fill('我的提醒');
  await expect(page.getByTestId('menu-search-option').first()).toContainText('我的提醒');
  await page.getByTestId('menu-search').press('Enter');
  const mine = page.getByTestId('my-reminders');
  await expect(mine.getByRole('heading', { name: '我的提醒' })).toBeVisible();
  await expect(page).toHaveTitle(/我的提醒/);
  // Read once the list has answered (ready, or empty when nothing is left).
  await expect(mine.locator('[data-part=root][aria-busy=false]')).toHaveAttribute('data-state', /ready|empty/);
  const total = mine.getByText(/^共 \d+ 条提醒$/);
  await expect(total).toBeVisible();
  const shown = await total.textContent();
  const items = await mine.getByTestId('reminder').count();
  if (items === 0) await expect(mine.getByText('暂无提醒')).toBeVisible();
  await expectNoRawLocaleKeys(page);

  await page.getByTestId('open-reminders').click();
  const drawer = page.getByTestId('drawer-reminders');
  await expect(drawer.locator('[data-part=root][aria-busy=false]')).toHaveAttribute('data-state', /ready|empty/);
  await expect(drawer.getByText(/^共 \d+ 条提醒$/)).toHaveText(shown!);
  await expect(drawer.getByTestId('reminder')).toHaveCount(items);
});

test('arriving on my reminders, the unread-reminders notice does not show over them', async ({ page }) => {
  // The checker: no test cancels its reminders, so some are unread and the notice would show on arrival elsewhere.
  const counted = page.waitForResponse((r) => r.url().includes('/api/fsmc/remind/list'));
  await loginAs(page, CHECKER, '/my-reminders', { keepNotice: true });
  const mine = page.getByTestId('my-reminders');
  await expect(mine.locator('[data-part=root][aria-busy=false]')).toHaveAttribute('data-state', 'ready');
  const unread = ((await (await counted).json()) as { data: { total: number } }).data.total;
  expect(unread).toBeGreaterThan(0);
  // Two frames after the count came back: the notice, had it been due, would be on screen by now.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByTestId('reminder-notice')).toHaveCount(0);
});
