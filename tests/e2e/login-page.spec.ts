import { expect, test } from '@playwright/test';
import { ADMIN } from './support/users';

test('the login page shows its form in zh-CN by default', async ({ page }) => {
  await page.goto('/login.html#/login');
  const form = page.getByTestId('login-form');
  await expect(form).toBeVisible();
  await expect(page.getByLabel('用户名', { exact: true })).toBeVisible();
  await expect(page.getByLabel('密码', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('logging in with the demo administrator opens the app shell; a wrong password keeps the user name', async ({ page }) => {
  await page.goto('/login.html#/login');
  await page.getByLabel('用户名', { exact: true }).fill(ADMIN.userCode);
  await page.getByLabel('密码', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
  await expect(page.getByLabel('用户名', { exact: true })).toHaveValue(ADMIN.userCode);

  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/index\.html#\//);
  await expect(page.getByTestId('current-user')).toHaveText('系统管理员');
});

test('the app page without a session sends the visitor to login', async ({ page }) => {
  await page.goto('/index.html#/');
  await expect(page).toHaveURL(/login\.html#\/login/);
});
