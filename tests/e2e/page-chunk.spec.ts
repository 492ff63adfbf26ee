import { expect, test } from '@playwright/test';
import { STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

test('a page whose chunk fails to load leaves the shell standing, says which page failed, and loads on retry', async ({ page }) => {
  await loginAs(page, STAFF);
  // Offline for a moment (or a redeploy that renamed the chunks): the profile page's chunk fails.
  const chunk = '**/assets/view-profile.*.js';
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  await page.evaluate(() => (location.hash = '#/profile'));

  const failure = page.getByTestId('page-error');
  await expect(failure.getByRole('alert')).toContainText('页面“个人资料”加载失败');
  // The shell around it still works: header, menu, and the user.
  await expect(page.getByTestId('nav-menu')).toBeVisible();
  await expect(page.getByTestId('shell-title')).toBeVisible();
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expect(page.getByTestId('profile')).toHaveCount(0);
  await expectNoRawLocaleKeys(page);

  // Back online: trying again imports the chunk anew and shows the page.
  await page.unroute(chunk);
  await failure.getByRole('button', { name: '重试' }).click();
  await expect(page.getByTestId('profile')).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a page that failed while the browser was offline loads by itself once it is back online', async ({ page, context }) => {
  await loginAs(page, STAFF);
  await context.setOffline(true);
  await page.evaluate(() => (location.hash = '#/profile'));
  await expect(page.getByTestId('page-error').getByRole('alert')).toContainText('页面“个人资料”加载失败');
  await expect(page.getByTestId('nav-menu')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('profile')).toBeVisible();
  await expect(page.getByTestId('page-error')).toHaveCount(0);
});
