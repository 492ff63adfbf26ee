import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { apiClient } from './support/api';
import { session, write } from './support/admin-api';
import { DEFAULT_NAV_COLOR, DEFAULT_THEME } from '../../src/shared/constants';

test('the browser title follows the route: system title, then - and the route title', async ({ page }) => {
  await loginAs(page, STAFF);
  await expect(page).toHaveTitle('资金管理平台-工作台');
  await page.getByTestId('nav-menu').getByRole('button', { name: '往来单位' }).click();
  await page.getByTestId('nav-menu').getByRole('link', { name: '交易对手' }).click();
  await expect(page).toHaveURL(/#\/counter-party$/);
  await expect(page).toHaveTitle('资金管理平台-交易对手');
  await expect(page.getByTestId('breadcrumbs')).toContainText('往来单位管理');
  await page.goto('/index.html#/no-such-page');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page).toHaveTitle('资金管理平台-页面不存在');
  await page.goBack();
  await expect(page).toHaveTitle('资金管理平台-交易对手');
  await expectNoRawLocaleKeys(page);
});

test('drawers: named in the route, full height from the right at 86.1%, Escape closes, a route change closes them all', async ({ page }) => {
  await loginAs(page, ADMIN, '', { keepNotice: true });
  const historyLength = await page.evaluate(() => history.length);
  // The arrival notice of unread reminders leads to them, and goes away once they are shown.
  await page.getByTestId('reminder-notice').getByRole('button', { name: '查看' }).click();
  const reminders = page.getByTestId('drawer-reminders');
  await expect(reminders).toBeVisible();
  await expect(page.getByTestId('reminder-notice')).toHaveCount(0);
  // Opening replaces the route: the drawer is in the address, with no new history entry.
  await expect(page).toHaveURL(/\?drawer=reminders#\/$/);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  const viewport = page.viewportSize()!;
  // Measured once the slide-in animation has ended: right edge, width and height of the page.
  await expect
    .poll(async () => {
      const box = (await reminders.boundingBox())!;
      return [Math.round(box.x + box.width), Math.round(box.width), Math.round(box.height)];
    })
    .toEqual([viewport.width, Math.round(viewport.width * 0.861), viewport.height]);

  // A second drawer stacks; Escape closes the top one only.
  await page.goto('/index.html?drawer=reminders,favourites#/');
  await expect(page.getByTestId('drawer-favourites')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('drawer-favourites')).toHaveCount(0);
  await expect(reminders).toBeVisible();
  await expect(page).toHaveURL(/\?drawer=reminders#\/$/);

  // Any route change closes every drawer and clears them from the address.
  await page.evaluate(() => (location.hash = '#/currency'));
  await expect(reminders).toHaveCount(0);
  await expect(page).toHaveURL(/index\.html#\/currency$/);

  // An iframe drawer shows the route's url parameter; a script address is refused.
  await page.goto('/index.html?drawer=iframe&url=%2Flogin.html#/currency');
  await expect(page.getByTestId('drawer-iframe-frame')).toHaveAttribute('src', /\/login\.html$/);
  await page.goto('/index.html?drawer=iframe&url=javascript%3Aalert(1)#/currency');
  await expect(page.getByTestId('drawer-iframe').getByRole('alert')).toContainText('嵌入页面的地址无效');

  // Reminders of this user: cancel one, then all. Last, so that a run cut short anywhere before
  // leaves the demo administrator's reminders for the retry (nothing makes new ones for it).
  await page.goto('/index.html?drawer=reminders#/');
  const items = reminders.getByTestId('reminder');
  // The list arrives after the drawer has opened: wait for it, not count what has rendered so far.
  await expect.poll(() => items.count()).toBeGreaterThan(1);
  const before = await items.count();
  await items.first().getByRole('button', { name: /^取消提醒/ }).click();
  await expect(items).toHaveCount(before - 1);
  // "Cancel all" asks first; keeping them does nothing, confirming cancels them all.
  const question = page.getByTestId('question-dialog');
  await reminders.getByRole('button', { name: '全部取消' }).click();
  await expect(question).toContainText(`确定要取消全部 ${before - 1} 条提醒吗？`);
  await question.getByRole('button', { name: '保留' }).click();
  await expect(question).toHaveCount(0);
  await expect(items).toHaveCount(before - 1);
  await reminders.getByRole('button', { name: '全部取消' }).click();
  await question.getByRole('button', { name: '全部取消' }).click();
  await expect(reminders.getByText('暂无提醒')).toBeVisible();

  await expectNoRawLocaleKeys(page);
});

/**
 * Puts the staff member's look and reminder notice back as seeded. The test below needs the
 * demo staff member (a user of its own would have no reminders to be told of), and changes both:
 * it starts from them whatever a run cut short left, and leaves them so for the worker's next tests.
 */
async function seededLook(baseURL: string): Promise<void> {
  const api = apiClient(baseURL);
  const staff = await session(api, STAFF);
  await write(api, staff, '/api/fsmc/themes/add', { themeName: DEFAULT_THEME, navColor: DEFAULT_NAV_COLOR });
  await write(api, staff, '/api/fsmc/remind/user-remind-set', { noNotify: false });
}

test('theme and navigation colour are saved per user and applied live; menu open state and no-notify are remembered', async ({ page, baseURL }) => {
  await seededLook(baseURL!);
  await loginAs(page, STAFF, '', { keepNotice: true });
  // Unread reminders are announced on arrival until the user asks not to be notified.
  const notice = page.getByTestId('reminder-notice');
  await expect(notice).toContainText(/您有 \d+ 条未读提醒/);
  await notice.getByRole('button', { name: '关闭' }).click();
  await expect(notice).toHaveCount(0);
  const root = page.locator('[data-theme]').first();
  await expect(root).toHaveAttribute('data-theme', DEFAULT_THEME);
  await expect(root).toHaveAttribute('data-nav-color', DEFAULT_NAV_COLOR);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人设置' }).click();
  const settings = page.getByTestId('drawer-settings');
  await settings.getByTestId('theme-select').selectOption('var3');
  await settings.getByText('深色').click();
  await expect(root).toHaveAttribute('data-theme', 'var3');
  await expect(root).toHaveAttribute('data-nav-color', 'dark');
  await settings.getByText('不再弹出提醒').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isNoNotify'))).toBe('true');
  expect(await page.evaluate(() => [localStorage.getItem('theme_name'), localStorage.getItem('nav_color')])).toEqual(['var3', 'dark']);
  await page.keyboard.press('Escape');

  await page.getByTestId('toggle-left').click();
  await expect(page.getByTestId('left-menu')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('left-menu')).toHaveCount(0);
  await page.getByTestId('toggle-left').click();
  await expect(page.getByTestId('left-menu')).toBeVisible();

  // The server keeps the theme: a fresh browser gets it at login.
  const fresh = await page.context().browser()!.newContext({ locale: 'zh-CN' });
  const other = await fresh.newPage();
  await loginAs(other, STAFF, '', { keepNotice: true });
  await expect(other.locator('[data-theme]').first()).toHaveAttribute('data-theme', 'var3');
  await expect(other.locator('[data-theme]').first()).toHaveAttribute('data-nav-color', 'dark');
  expect(await other.evaluate(() => localStorage.getItem('isNoNotify'))).toBe('true');
  await expect(other.getByTestId('workbench')).toBeVisible();
  await expect(other.getByTestId('reminder-notice')).toHaveCount(0);
  await fresh.close();

  // Only the spec's storage keys are ever written.
  const keys = await page.evaluate(() => [Object.keys(localStorage).sort(), Object.keys(sessionStorage).sort()]);
  const LOCAL = ['isLeftOpen', 'isNoNotify', 'nav_color', 'historySearch', 'ClusterNO', 'lang', 'theme_name', 'sessionKey'];
  const SESSION = ['loginUserInfo', 'userCert', 'certVaild', 'langList'];
  expect(keys[0]!.filter((k) => !LOCAL.includes(k))).toEqual([]);
  expect(keys[1]!.filter((k) => !SESSION.includes(k))).toEqual([]);
  await seededLook(baseURL!);
});

test('on a phone (390×844) the shell has no sidebar, yet the ☰ button opens every menu and a page opens from it', async ({ browser }) => {
  const phone = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  try {
    // loginAs waits for the sidebar's menu, which a phone does not show: the title instead.
    await page.goto('/login.html#/login');
    const form = page.getByTestId('login-form');
    await form.getByRole('textbox').first().fill(STAFF.userCode);
    await form.locator('input[type=password]').fill(STAFF.password);
    await form.locator('button[type=submit]').click();
    await expect(page.getByTestId('shell-title')).toBeVisible();
    await expect(page.getByTestId('left-menu')).toBeHidden();
    await page.getByTestId('open-all-menus-narrow').click();
    const all = page.getByTestId('all-menus');
    await all.getByRole('link', { name: '交易对手' }).click();
    await expect(page).toHaveURL(/#\/counter-party$/);
    await expect(page.getByTestId('drawer-allMenus')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await phone.close();
  }
});

test('on a phone the all-menus drawer filters the menus by keyboard, in both languages, and Enter opens the first match', async ({ browser }) => {
  const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  try {
    await page.goto('/login.html#/login');
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await page.reload();
    const form = page.getByTestId('login-form');
    await form.getByRole('textbox').first().fill(STAFF.userCode);
    await form.locator('input[type=password]').fill(STAFF.password);
    await form.locator('input[type=password]').press('Enter');
    await expect(page.getByTestId('shell-title')).toBeVisible();

    await page.getByTestId('open-all-menus-narrow').click();
    const all = page.getByTestId('all-menus');
    const filter = page.getByRole('searchbox', { name: 'Filter the menus' });
    await expect(all.getByRole('link', { name: 'Counterparties' })).toBeVisible();
    const everyLink = await all.getByRole('link').count();

    // A word of no page: nothing left, said so in English.
    await filter.focus();
    await page.keyboard.type('zzzz');
    await expect(page.getByTestId('all-menus-count')).toHaveText('No menu item matches');
    await expect(all.getByRole('link')).toHaveCount(0);

    // Words of pages' names: only the pages with every word stay, under their own area, counted.
    await filter.fill('');
    await page.keyboard.type('Contact  ORGANISATION');
    await expect(all).toHaveAttribute('data-state', 'filtered');
    const kept = await all.getByRole('link').allTextContents();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(everyLink);
    expect(kept.every((name) => /contact organisation/i.test(name))).toBe(true);
    await expect(all.getByRole('heading', { name: 'Counterparties' })).toBeVisible();
    await expect(page.getByTestId('all-menus-count')).toHaveText(`Menu items found: ${kept.length}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // ↓ moves to the first match's link; back in the filter, Enter opens it and the drawer closes.
    await page.keyboard.press('ArrowDown');
    await expect(all.getByRole('link').first()).toBeFocused();
    await filter.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/contact-org-type$/);
    await expect(page.getByTestId('drawer-allMenus')).toHaveCount(0);
    // Opened as the menu search opens a page: remembered in its history.
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('historySearch'))) ?? '[]')).toHaveLength(1);

    // In Chinese, the same drawer, opened again, starts unfiltered and says so in Chinese.
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await page.getByTestId('open-all-menus-narrow').click();
    const filterZh = page.getByRole('searchbox', { name: '筛选菜单' });
    await expect(filterZh).toHaveValue('');
    await expect(page.getByTestId('all-menus').getByRole('link')).toHaveCount(everyLink);
    await filterZh.fill('交易对手');
    await expect(page.getByTestId('all-menus').getByRole('link', { name: '交易对手' })).toBeVisible();
    await expect(page.getByTestId('all-menus-count')).toHaveText(/^找到 \d+ 个菜单$/);
    await filterZh.fill('zzzz');
    await expect(page.getByTestId('all-menus-count')).toHaveText('没有匹配的菜单');
  } finally {
    await phone.close();
  }
});

test('by keyboard on a desktop, the all-menus drawer opens with its filter focused: type, Enter, and the page opens', async ({ page }) => {
  await loginAs(page, STAFF);
  await page.getByTestId('open-all-menus').focus();
  await page.keyboard.press('Enter');
  const filter = page.getByTestId('all-menus-filter');
  await expect(filter).toBeFocused();
  await page.keyboard.type('交易对手');
  await expect(page.getByTestId('all-menus')).toHaveAttribute('data-state', 'filtered');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/counter-party$/);
  await expect(page.getByTestId('drawer-allMenus')).toHaveCount(0);
});
