import { expect, test, type Page } from '@playwright/test';
import { CHECKER, STAFF, loginAs } from './support/users';
import { ownUser } from './support/admin-api';
import { UNAUTHORIZED_PROMPT_DEBOUNCE_MS } from '../../src/shared/constants';

/**
 * The request layer end to end (issue 3): real server, real database, real Chromium. A form's
 * input survives a 401; five requests failing with 401 at once bring one prompt; the 412
 * confirmation sends the request again with its validation flag.
 */

/** Fills the login page's password form already on screen and sends it. */
async function logIn(page: Page, user: { userCode: string; password: string } = STAFF) {
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox').first().fill(user.userCode);
  await form.locator('input[type=password]').fill(user.password);
  await form.locator('button[type=submit]').click();
}

test('five requests failing with 401 at once bring one prompt; after logging in again the profile keeps what was typed, and the e-mail change is confirmed (412)', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  // A staff member of the test's own: the profile saved below would otherwise stay on a shared user,
  // and a retry of a run cut short after the save would find no new e-mail to confirm.
  const clerk = await ownUser(baseURL!, 'rl', { duties: ['STAFF'] });
  const email = `wei.zhang.${clerk.userCode}@example.com`;
  // Time flows as usual, until the walk moves it on past the prompt's debounce.
  await page.clock.install();
  await page.goto('/login.html#/login');
  // In Chinese whatever language an earlier test of this worker left saved on the user (the
  // login page shows, and saves, the language in storage: as loginAs's form login does).
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await logIn(page, clerk);
  await expect(page).toHaveURL(/index\.html#\//);

  await page.goto('/index.html#/profile');
  const form = page.getByTestId('profile-form');
  await expect(form).toBeVisible();
  await expect(page.getByLabel('用户名', { exact: true })).toHaveValue(clerk.userCode);
  await page.getByLabel('英文名').fill('Wei Zhang');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('性别').selectOption('BOY');
  // Autosave keeps the draft within a second (widgets §8), under the form's component code.
  await page.waitForFunction((key) => localStorage.getItem(key)?.includes('wei.zhang.'), `draft:fsmc-user-profile:${clerk.userCode}`);

  // The same user logs in elsewhere: this page's session is over (-997).
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto('/login.html#/login');
  await logIn(other, clerk);
  await expect(other).toHaveURL(/index\.html#\//);
  await elsewhere.close();

  const unauthorized: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401 && r.url().includes('/my-profile')) unauthorized.push(r.url());
  });
  // Count every time a prompt comes onto the page, not just how many are there at the end.
  await page.evaluate(() => {
    const w = window as unknown as { promptsShown: number };
    w.promptsShown = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const node of r.addedNodes)
          if (node instanceof HTMLElement && (node.matches('[data-testid=session-prompt]') || node.querySelector('[data-testid=session-prompt]'))) w.promptsShown += 1;
    }).observe(document.body, { childList: true, subtree: true });
  });
  // Five reloads in one go (five clicks in the same task): five requests in flight at once,
  // each answered 401.
  await page.getByTestId('profile-reload').evaluate((button: HTMLElement) => {
    for (let i = 0; i < 5; i++) button.click();
  });
  const prompt = page.getByTestId('session-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('您的账号已在别处登录');
  await expect.poll(() => unauthorized.length).toBe(5);
  // Well past the debounce: still exactly one prompt.
  await page.clock.runFor(UNAUTHORIZED_PROMPT_DEBOUNCE_MS * 3);
  await expect(page.getByTestId('session-prompt')).toHaveCount(1);
  await expect(page.getByRole('alertdialog')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { promptsShown: number }).promptsShown)).toBe(1);

  await prompt.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/login\.html\?redirect=%2Fprofile#\/login$/);
  await logIn(page, clerk);

  // Back where the user was, with what they typed.
  await expect(page).toHaveURL(/index\.html#\/profile$/);
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await expect(page.getByLabel('英文名')).toHaveValue('Wei Zhang');
  await expect(page.getByLabel('邮箱')).toHaveValue(email);
  await expect(page.getByLabel('性别')).toHaveValue('BOY');

  // A new e-mail needs the current password (issue 9): the form asks before anything is sent,
  // and the password was never kept in the draft.
  await expect(page.getByLabel('当前密码')).toHaveValue('');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('修改邮箱需要输入当前密码')).toBeVisible();
  await page.getByLabel('当前密码').fill(clerk.password);
  // Saving changes the e-mail: the server asks (412), no error toast, the dialog confirms.
  await page.getByRole('button', { name: '保存' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(email);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('profile-saved')).toBeVisible();
  await expect(confirm).toBeHidden();
  // The draft is gone and the server has the values: a fresh load shows them, with no notice.
  expect(await page.evaluate((key) => localStorage.getItem(key), `draft:fsmc-user-profile:${clerk.userCode}`)).toBeNull();
  await page.reload();
  await expect(page.getByLabel('邮箱')).toHaveValue(email);
  await expect(page.getByLabel('英文名')).toHaveValue('Wei Zhang');
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
});

test('declining the 412 confirmation changes nothing and keeps the form; a bad e-mail is refused in place, in English too', async ({ page }) => {
  await page.goto('/login.html#/login');
  await page.getByTestId('language-switch').first().selectOption('en-US');
  await logIn(page);
  await expect(page).toHaveURL(/index\.html#\//);
  await page.goto('/index.html#/profile');
  await expect(page.getByTestId('profile-form')).toBeVisible();
  const before = await page.getByLabel('E-mail').inputValue();

  await page.getByLabel('E-mail').fill('no-at-sign');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid e-mail address, e.g. name@example.com')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('no-at-sign');

  await page.getByLabel('E-mail').fill('declined@example.com');
  await page.getByLabel('Current password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('declined@example.com');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByLabel('E-mail')).toHaveValue('declined@example.com');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  // The server kept the old address: the draft is dropped and the page reloaded from it.
  await page.evaluate((key) => localStorage.removeItem(key), `draft:fsmc-user-profile:${STAFF.userCode}`);
  await page.reload();
  await expect(page.getByLabel('E-mail')).toHaveValue(before);
});

test('index.html asks for the session info first, as a read with no key to agree; an ended session found by that first call still brings its prompt', async ({ page, browser }) => {
  await loginAs(page, STAFF);
  const calls: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) calls.push(`${r.method()} ${pathname}`);
  });
  await page.reload();
  await expect(page.getByTestId('workbench-panels')).toBeVisible();
  // Asked as the script starts (issue 16), and once: the shell's start takes that answer.
  expect(calls[0]).toBe('GET /api/fsmc/session/share/query-session-info');
  expect(calls.filter((c) => c.endsWith('/query-session-info'))).toHaveLength(1);

  // The same user logs in elsewhere, and this tab opens again with its old token. Every other
  // call is held, so the prompt can only come from that first call; the page's messages are held
  // until its refusal is back, and the request layer mounts only with them, so no one listened yet.
  const elsewhere = await browser.newContext();
  await loginAs(await elsewhere.newPage(), STAFF);
  await elsewhere.close();
  await page.route((url) => url.pathname.startsWith('/api/') && !url.pathname.endsWith('/query-session-info'), () => undefined);
  const refused = page.waitForResponse((r) => r.url().includes('/query-session-info') && r.status() === 401);
  await page.route('**/locale/**', async (route) => {
    await refused;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByTestId('session-prompt')).toContainText('您的账号已在别处登录');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a saved English name shows in the header and the watermark at once, without a reload', async ({ page }) => {
  await page.goto('/login.html#/login');
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await loginAs(page, CHECKER, '/profile');
  const form = page.getByTestId('profile-form');
  const name = form.getByLabel('English name');
  await expect(name).toHaveValue(/\S/);
  const before = await name.inputValue();
  const rename = async (to: string) => {
    await name.fill(to);
    await name.press('Enter');
    await expect(page.getByTestId('profile-saved')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(to);
  };
  try {
    await rename('Checker Renamed');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('loginUserInfo') ?? '{}').userNameEn)).toBe('Checker Renamed');
  } finally {
    // The demo user's name as other tests know it.
    await rename(before);
  }
});

test('a page loaded before a deployment is told once that a new version is out, and its reload brings the new one', async ({ page }) => {
  // The page as an older build would be: its <meta> names another build than the server's. Only
  // until the test says the page has been reloaded.
  await page.addInitScript(() => {
    if (!location.pathname.endsWith('/index.html') || sessionStorage.getItem('e2e-reloaded')) return;
    new MutationObserver((_, observer) => {
      const meta = document.querySelector('meta[name="portal-build"]');
      if (!meta) return;
      meta.setAttribute('content', '0000000000000000');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await loginAs(page, STAFF, '/profile');
  const notice = page.getByTestId('toast').filter({ hasText: '资金管理平台已发布新版本' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('请先保存正在填写的内容');
  // More answers say the same: still one notice.
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await page.getByTestId('profile-reload').click();
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await expect(notice).toHaveCount(1);

  await page.evaluate(() => sessionStorage.setItem('e2e-reloaded', '1'));
  await notice.getByRole('button', { name: '刷新页面' }).click();
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await expect(page.getByLabel('用户名', { exact: true })).toHaveValue(STAFF.userCode);
  // Reloaded, the page is of the build the server serves, and nothing more is said.
  const answered = page.waitForResponse((r) => r.url().includes('/api/fsmc/auth/userinfo/my-profile'));
  await page.getByTestId('profile-reload').click();
  const served = (await answered).headers()['portal-build'];
  expect(served).toMatch(/^[0-9a-f]{16}$/);
  expect(await page.locator('meta[name="portal-build"]').getAttribute('content')).toBe(served);
  await expect(page.getByLabel('用户名', { exact: true })).toHaveValue(STAFF.userCode);
  await expect(page.getByTestId('toast').filter({ hasText: '新版本' })).toHaveCount(0);
});
