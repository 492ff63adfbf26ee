import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, fromOwnAddress, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

test('the administrator and the staff member see the menus their duties grant', async ({ page }) => {
  await loginAs(page, ADMIN, '', { throughForm: true });
  const menu = page.getByTestId('nav-menu');
  await expect(page.getByTestId('current-user')).toHaveText(ADMIN.name);
  await expect(menu.getByRole('button', { name: '系统设置' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '权限管理' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '利率汇率' })).toBeVisible();
  await expectNoRawLocaleKeys(page);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/login\.html#\/login/);

  await loginAs(page, STAFF, '', { throughForm: true });
  await expect(menu.getByRole('button', { name: '利率汇率' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '系统设置' })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: '权限管理' })).toHaveCount(0);
  // The server, not the menu, decides: the outbox is refused to staff.
  await page.goto('/index.html#/outbox');
  await expect(page.getByTestId('forbidden-page')).toBeVisible();
});

test('login types come from the server; the certificate tab asks for the user code and a certificate', async ({ page }) => {
  await page.goto('/login.html#/login');
  await expect(page.getByTestId('system-title')).toHaveText('资金管理平台');
  await expect(page.getByTestId('login-logo').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '扫码登录' })).toBeVisible();
  await page.getByRole('tab', { name: '证书登录' }).click();
  // The certificate login (issue 14): user code, the CA drop-down (its list read on opening) and the login button.
  await expect(page.getByTestId('cert-login-user')).toBeVisible();
  await expect(page.getByTestId('cert-login-select-select')).toBeVisible();
  await expect(page.getByTestId('cert-login-submit')).toHaveText('登录');
  await expectNoRawLocaleKeys(page);
});

test('empty fields are refused before sending; wrong passwords are refused, then throttled with the minutes to wait', async ({ page }) => {
  await fromOwnAddress(page);
  await page.goto('/login.html#/login');
  const form = page.getByTestId('login-form');
  // The user name has the focus once the page has painted: keyboard users type at once.
  await expect(page.getByLabel('用户名', { exact: true })).toBeFocused();
  await page.keyboard.type('typed');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('密码', { exact: true })).toBeFocused();
  await expect(page.getByLabel('用户名', { exact: true })).toHaveValue('typed');
  await page.getByLabel('用户名', { exact: true }).fill('');
  await form.getByRole('button', { name: '登录' }).click();
  await expect(form.getByRole('alert')).toHaveText('请输入用户名和密码');
  // The inputs take no more than the server accepts (the contract's bounds).
  await expect(page.getByLabel('用户名', { exact: true })).toHaveAttribute('maxlength', '64');
  await expect(page.getByLabel('密码', { exact: true })).toHaveAttribute('maxlength', '128');

  // An unknown user is counted like a known one, so the demo users stay usable for other tests.
  const userCode = `nobody-${Date.now()}`;
  let message = '';
  for (let attempt = 1; attempt <= 8; attempt++) {
    await page.getByLabel('用户名', { exact: true }).fill(userCode);
    await page.getByLabel('密码', { exact: true }).fill(`wrong-${attempt}`);
    await form.getByRole('button', { name: '登录' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    message = (await form.getByRole('alert').textContent()) ?? '';
    // What the user typed stays, the password too (the spec clears nothing).
    await expect(page.getByLabel('用户名', { exact: true })).toHaveValue(userCode);
    await expect(page.getByLabel('密码', { exact: true })).toHaveValue(`wrong-${attempt}`);
    if (message.includes('登录失败次数过多')) break;
    expect(message).toContain('用户名或密码错误');
    // One message: the form's, not a toast repeating it.
    await expect(page.getByText('用户名或密码错误')).toHaveCount(1);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  }
  expect(message).toMatch(/登录失败次数过多，请 \d+ 分钟后再试/);
});

test('keyboard: a refused login leaves the focus in the password, what was typed kept and selected; Tab goes on from there', async ({ page }) => {
  await fromOwnAddress(page);
  await page.goto('/login.html#/login');
  const form = page.getByTestId('login-form');
  const password = page.getByLabel('密码', { exact: true });
  await expect(page.getByLabel('用户名', { exact: true })).toBeFocused();
  // An unknown user is refused as a wrong password is, and the demo users' failures stay uncounted.
  await page.keyboard.type(`nobody-${Date.now()}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('wrong-password');
  // The fields are read-only, not disabled, while the call runs: the browser keeps the focus.
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toContainText('用户名或密码错误');
  await expect(password).toBeFocused();
  await expect(password).toHaveValue('wrong-password');
  // Selected: typing replaces it. The next Tab goes on from the password, not from the page's top.
  await page.keyboard.type('another');
  await expect(password).toHaveValue('another');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: '登录' })).toBeFocused();
});
