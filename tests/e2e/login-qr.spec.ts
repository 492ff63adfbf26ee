import { expect, test } from '@playwright/test';
import { STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

test('QR login: a logged-in second browser confirms the code and the waiting page logs in as that user', async ({ page, browser }) => {
  await page.goto('/login.html#/login');
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const panel = page.getByTestId('qr-login');
  await expect(panel.getByRole('img', { name: '登录二维码' })).toBeVisible();
  await expect(page.getByTestId('qr-status')).toHaveText('请使用已登录的设备扫描二维码并确认登录');
  await expectNoRawLocaleKeys(page);
  const confirmUrl = await page.getByTestId('qr-confirm-url').getAttribute('data-url');
  expect(confirmUrl).toMatch(/index\.html#\/qr-confirm\/[^/]+$/);

  // The "phone": its own browser context, logged in as staff, opening the code's address.
  const phone = await browser.newContext({ locale: 'zh-CN' });
  const phonePage = await phone.newPage();
  await loginAs(phonePage, STAFF);
  await phonePage.goto(confirmUrl!);
  await expect(phonePage.getByTestId('qr-confirm')).toBeVisible();
  await expect(phonePage).toHaveTitle('资金管理平台-确认扫码登录');
  await phonePage.getByTestId('qr-confirm-button').click();
  await expect(phonePage.getByTestId('qr-confirm').getByRole('status')).toContainText('已确认');

  // The waiting page notices within a poll or two and opens the app as staff.
  await expect(page).toHaveURL(/index\.html/, { timeout: 15_000 });
  await expect(page.getByTestId('nav-menu')).toBeVisible();
  const staffName = await phonePage.getByTestId('current-user').textContent();
  await expect(page.getByTestId('current-user')).toHaveText(staffName!);

  await phone.close();

  // A used code cannot be confirmed again.
  await page.goto(confirmUrl!);
  await expect(page.getByTestId('qr-confirm').getByRole('alert')).toHaveText('该二维码已被使用，请在登录页刷新二维码。');
  await expect(page.getByTestId('qr-confirm-button')).toHaveCount(0);
});

test('the QR confirmation page needs a login and comes back to the code after it', async ({ page }) => {
  await page.goto('/index.html#/qr-confirm/not-a-real-code');
  await expect(page).toHaveURL(/login\.html\?redirect=.*qr-confirm.*#\/login/);
  await page.getByLabel('用户名', { exact: true }).fill(STAFF.userCode);
  await page.getByLabel('密码', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/index\.html#\/qr-confirm\/not-a-real-code/);
  await expect(page.getByTestId('qr-confirm').getByRole('alert')).toBeVisible();
});

test('on a phone (390×844) the confirmation page fits: no sidebar, the login’s time, address and browser readable; the phone stays logged in', async ({ page, browser }) => {
  await page.goto('/login.html#/login');
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const confirmUrl = await page.getByTestId('qr-confirm-url').getAttribute('data-url');

  const phone = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phonePage = await phone.newPage();
  await phonePage.goto('/login.html#/login');
  await phonePage.getByLabel('用户名', { exact: true }).fill(STAFF.userCode);
  await phonePage.getByLabel('密码', { exact: true }).fill(STAFF.password);
  await phonePage.getByRole('button', { name: '登录' }).click();
  await expect(phonePage.getByTestId('current-user')).toHaveText('张会计');
  const phoneToken = await phonePage.evaluate(() => localStorage.getItem('sessionKey'));
  await phonePage.goto(confirmUrl!);
  await expect(phonePage.getByTestId('qr-confirm')).toBeVisible();
  await expect(phonePage.getByTestId('left-menu')).toBeHidden();
  for (const part of ['qr-confirm-time', 'qr-confirm-address', 'qr-confirm-browser']) {
    const value = phonePage.getByTestId(part);
    await expect(value).toBeVisible();
    await expect(value).toBeInViewport();
    const box = (await value.boundingBox())!;
    expect(box.width).toBeGreaterThan(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expect(phonePage.getByTestId('qr-confirm-browser')).not.toHaveText('');
  // Nothing runs off the side of the screen.
  expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await phonePage.getByTestId('qr-confirm-button').click();
  await expect(phonePage.getByTestId('qr-confirm').getByRole('status')).toContainText('已确认');
  await expect(page).toHaveURL(/index\.html/, { timeout: 15_000 });
  await expect(page.getByTestId('nav-menu')).toBeVisible();

  // The phone that confirmed keeps its session: it goes on working, no prompt.
  await phonePage.goto('/index.html#/profile');
  const answered = phonePage.waitForResponse((r) => r.url().includes('/my-profile'));
  await phonePage.getByTestId('profile-reload').click();
  expect((await answered).status()).toBe(200);
  await expect(phonePage.getByTestId('session-prompt')).toHaveCount(0);
  expect(await phonePage.evaluate(() => localStorage.getItem('sessionKey'))).toBe(phoneToken);
  await phone.close();
});

test('on a phone in English the QR tab’s hint breaks between words, never inside one', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login.html#/login');
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await page.reload();
  await page.getByRole('tab', { name: 'QR code' }).click();
  const hint = page.getByTestId('qr-confirm-url');
  await expect(hint).toHaveText('Once you confirm on your logged-in device, this page logs in by itself.');
  // Each word keeps to one line: its characters' boxes share one top (a word cut at the box's
  // edge, as "log / s in", had its last letters a line lower).
  const split = await hint.evaluate((el) => {
    const text = el.firstChild!;
    const words: string[] = [];
    const re = /\S+/g;
    for (let m = re.exec(text.textContent!); m; m = re.exec(text.textContent!)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      if (range.getClientRects().length > 1) words.push(m[0]);
    }
    return words;
  });
  expect(split).toEqual([]);
});
