import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';

const PROFILE = '/api/fsmc/auth/userinfo/my-profile';
const SWITCHED = '此浏览器的另一个标签页已登录了其他用户，本页面的会话已结束。';

/** Fills and sends the login form of a page already showing it. */
async function submitLogin(page: Page, user: { userCode: string; password: string }) {
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox').first().fill(user.userCode);
  await form.locator('input[type=password]').fill(user.password);
  await form.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/index\.html/);
}

test('logging out ends the session on the server: the old token answers 401 afterwards', async ({ page, request }) => {
  await loginAs(page, STAFF);
  const token = await page.evaluate(() => localStorage.getItem('sessionKey'));
  expect(token).toBeTruthy();
  const before = await request.get(PROFILE, { headers: { JwtToken: token! } });
  expect(before.status()).toBe(200);

  const loggedOut = page.waitForRequest((r) => r.url().includes('/login/login-out'));
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const call = await loggedOut;
  // The call carries the session it ends, and the server accepts it.
  expect(call.headers()['jwttoken']).toBe(token);
  expect((await call.response())!.status()).toBe(200);
  await expect(page).toHaveURL(/login\.html#\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('sessionKey'))).toBeNull();

  const after = await request.get(PROFILE, { headers: { JwtToken: token! } });
  expect(after.status()).toBe(401);
});

test('login.html opened with a live session goes straight to the shell', async ({ page }) => {
  await loginAs(page, STAFF);
  const tab = await page.context().newPage();
  await tab.goto('/login.html#/login');
  await expect(tab).toHaveURL(/index\.html#\//);
  await expect(tab.getByTestId('nav-menu')).toBeVisible();
  await expect(tab.getByTestId('login-form')).toHaveCount(0);
});

test('another user logging in in a second tab ends the first tab’s view; it no longer acts for anyone', async ({ page }) => {
  // The second tab shows the login page from before the first one logged in.
  const second = await page.context().newPage();
  await second.goto('/login.html#/login');
  await expect(second.getByTestId('login-form')).toBeVisible();
  // Without the notice's handler: once the prompt is up it is modal, and a handler closing the
  // notice behind it waited for a notice that stays (CI, once); nothing here is under the notice.
  await loginAs(page, STAFF, '/profile', { keepNotice: true });
  await expect(page.getByTestId('current-user')).toBeVisible();

  await submitLogin(second, ADMIN);
  await expect(second.getByTestId('current-user')).toHaveText(ADMIN.name);

  // The staff tab says so at once, modal: nothing behind it can be clicked (no star lands on the administrator's menus).
  const prompt = page.getByTestId('session-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(SWITCHED);
  await expect(page.getByRole('alertdialog')).toHaveCount(1);
  const profileCalls: string[] = [];
  page.on('request', (r) => r.url().includes(PROFILE) && profileCalls.push(r.url()));
  await expect(page.getByTestId('profile-reload').click({ timeout: 1_000 })).rejects.toThrow();
  expect(profileCalls).toEqual([]);

  // Confirming leaves this tab's view; the browser's session is the administrator's now.
  await prompt.getByRole('button', { name: '重新登录' }).click();
  await expect(page.getByTestId('current-user')).toHaveText(ADMIN.name);
  await expect(page.getByTestId('session-prompt')).toHaveCount(0);
  // The administrator's session in the second tab goes on.
  await second.getByTestId('user-menu').click();
  await expect(second.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
});

test('the same user logging in again in a second tab: the first tab carries on quietly with the new session', async ({ page }) => {
  const second = await page.context().newPage();
  await second.goto('/login.html#/login');
  await loginAs(page, STAFF, '/profile');
  await expect(page.getByTestId('profile-form')).toBeVisible();
  const oldToken = await page.evaluate(() => localStorage.getItem('sessionKey'));

  await submitLogin(second, STAFF);
  await expect(second.getByTestId('nav-menu')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sessionKey'))).not.toBe(oldToken);

  // The first tab's next call goes with the new token and succeeds; no prompt at any time.
  const answered = page.waitForResponse((r) => r.url().includes(PROFILE));
  await page.getByTestId('profile-reload').click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await expect(page.getByTestId('session-prompt')).toHaveCount(0);
});
