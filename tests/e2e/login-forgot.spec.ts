import { expect, test, type Page } from '@playwright/test';
import { ADMIN, fromOwnAddress, loginAs } from './support/users';
import { administrators, ownUserCode } from './support/admin-api';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/** The administrator reads the newest identify code for a user from the outbox page. */
async function codeFromOutbox(page: Page, userCode: string): Promise<string> {
  await loginAs(page, ADMIN, '/outbox', { throughForm: true });
  await expect(page).toHaveTitle('资金管理平台-系统发件箱');
  const message = page.getByTestId('outbox-message').filter({ hasText: `${userCode}@` }).first();
  await expect(message).toBeVisible();
  await expectNoRawLocaleKeys(page);
  const text = (await message.textContent()) ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, `an identify code in: ${text}`).toBeTruthy();
  return code!;
}

test('forgot password: code to the outbox, validated, a new password the rule accepts, then login with it', async ({ page, browser, baseURL }) => {
  // The test's own user: a reset cut short must not leave a shared user on a password no other test knows.
  const userCode = ownUserCode('fp', test.info());
  await (await administrators(baseURL!)).addUser({ userCode, userName: `找回密码${userCode}`, userNameEn: `Forgot ${userCode}`, duties: ['STAFF'] });
  const newPassword = `Reset#${Date.now() % 100000}Pw`;
  const changedPassword = `Changed#${Date.now() % 100000}Pw`;
  // A wrong current password below counts against this test's address, not the run's.
  await fromOwnAddress(page);
  await page.goto('/login.html#/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/#\/forgot-password/);
  const form = page.getByTestId('forgot-form');

  await form.getByRole('button', { name: '发送验证码' }).click();
  await expect(form.getByRole('alert')).toHaveText('请输入用户名');
  await form.getByLabel('用户名').fill(userCode);
  // Enter sends it; the user code is fixed from then on, and the keyboard goes on in the code field.
  await form.getByLabel('用户名').press('Enter');
  await expect(form.getByRole('status')).toContainText('验证码已发送');
  await expect(form.getByLabel('用户名')).toBeDisabled();
  await expect(form.getByLabel('验证码')).toBeFocused();

  // A wrong code is refused with the server's message; what was typed stays.
  await form.getByLabel('验证码').fill('000000');
  await form.getByRole('button', { name: '校验' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(form.getByLabel('验证码')).toHaveValue('000000');

  const admin = await browser.newContext({ locale: 'zh-CN' });
  const code = await codeFromOutbox(await admin.newPage(), userCode);
  await admin.close();

  await form.getByLabel('验证码').fill(code);
  await form.getByLabel('验证码').press('Enter');
  await expect(form.getByLabel('新密码', { exact: true })).toBeFocused();

  // The password rule speaks before anything is sent, in the user's language.
  await form.getByLabel('新密码', { exact: true }).fill('short');
  await form.getByLabel('确认新密码').fill('short');
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(form.getByRole('alert')).toContainText('密码至少需要 8 个字符');
  // Character classes are an administrator's option, off by default (ASVS 5.0).
  await expect(form.getByRole('alert')).not.toContainText('大写字母');
  await expectNoRawLocaleKeys(page);

  await form.getByLabel('新密码', { exact: true }).fill(newPassword);
  await form.getByLabel('确认新密码').fill(`${newPassword}x`);
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(form.getByRole('alert')).toHaveText('两次输入的新密码不一致');
  await form.getByLabel('确认新密码').fill(newPassword);
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码已修改，请使用新密码登录。')).toBeVisible();

  await page.getByRole('link', { name: '返回登录' }).first().click();
  await loginAs(page, { userCode, password: newPassword }, '', { throughForm: true });

  // Password change in the shell (point 7), with the rule's messages first.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const drawer = page.getByTestId('drawer-password');
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('当前密码').fill(newPassword);
  // A common password passes the browser's checks (it carries no list) and the server refuses
  // it with the reason, which the drawer shows.
  await drawer.getByLabel('新密码', { exact: true }).fill('Password1!');
  await drawer.getByLabel('确认新密码').fill('Password1!');
  await drawer.getByRole('button', { name: '修改密码' }).click();
  await expect(drawer.getByRole('alert')).toContainText('不能是最常见的密码');
  await drawer.getByLabel('当前密码').fill('not-my-password');
  await drawer.getByLabel('新密码', { exact: true }).fill(changedPassword);
  await drawer.getByLabel('确认新密码').fill(changedPassword);
  await drawer.getByRole('button', { name: '修改密码' }).click();
  await expect(drawer.getByRole('alert')).toBeVisible();
  await expect(drawer.getByLabel('新密码', { exact: true })).toHaveValue(changedPassword);
  await drawer.getByLabel('当前密码').fill(newPassword);
  await drawer.getByRole('button', { name: '修改密码' }).click();
  await expect(drawer.getByRole('status')).toHaveText('密码已修改。');

  // The changed password is the one that logs in now.
  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/login\.html#\/login/);
  await loginAs(page, { userCode, password: changedPassword }, '', { throughForm: true });
});

test('change password in English, by keyboard: a wrong current password leaves the focus on the button pressed', async ({ page }) => {
  await fromOwnAddress(page);
  await page.goto('/login.html#/login');
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await loginAs(page, ADMIN);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const drawer = page.getByTestId('drawer-password');
  await drawer.getByLabel('Current password').focus();
  await page.keyboard.type('not-my-password');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard#2026Pw');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard#2026Pw');
  await page.keyboard.press('Tab');
  const submit = drawer.getByRole('button', { name: 'Change password' });
  await expect(submit).toBeFocused();
  // Busy, not disabled, while the rule is checked and the change sent: the focus stays on it.
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('alert')).toContainText('The current password is wrong');
  await expect(submit).toBeFocused();
  await expect(drawer.getByLabel('New password', { exact: true })).toHaveValue('Keyboard#2026Pw');
  // The field refused is the one marked, not the new password the server took no issue with.
  await expect(drawer.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expect(drawer.getByLabel('New password', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
});
