import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, CHECKER, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 10: duties grant pages, end to end in the browser. Staff have no "系统参数" (system
 * parameters) page and its calls are refused; an administrator makes a duty for it, grants
 * the page, a second administrator approves the duty (four eyes), the administrator gives it
 * to staff, and staff find the page after logging in again. Staff are given back exactly the
 * duties they had, so later tests meet them as seeded.
 */

/** A new duty per attempt: a retried test finds the first attempt's duty already taken. */
const dutyCode = () => `PARAM_KEEPER${test.info().retry ? `_${test.info().retry}` : ''}`;
const DUTY_NAME = '参数维护员';
/** The function tree's page for system parameters (server/db/seed-data/functions.ts, 70206). */
const PAGE = { id: 70206, name: '系统参数', route: '#/sys-param-setting' } as const;

/** A resource page's rows (pages stay alive, hidden, once opened: each is looked up within its own). */
const rows = (page: Page, code: string) => page.getByTestId(`resource-${code}`).getByTestId('resource-table').locator('[data-part=row]');
const form = (page: Page) => page.getByTestId('record-form');
const field = (page: Page, name: string) => form(page).locator(`#field-${name}`);
const menu = (page: Page) => page.getByTestId('nav-menu');

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function logout(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/login\.html#\/login/);
}

/**
 * The administrator's user page, staff's row, "更多" → "岗位设置": ticks or unticks the duty
 * (`held`) and saves.
 */
async function setStaffStation(admin: Page, code: string, held: boolean): Promise<void> {
  await admin.goto('/index.html#/user-info');
  await expect(admin.getByTestId('resource-user-info')).toBeVisible();
  // Found by its code: users other tests add come before it in the list's order (by code).
  // (Scoped to the page: the pages opened before stay alive, hidden, with query forms of their own.)
  const users = admin.getByTestId('resource-user-info');
  await users.getByTestId('query-form').getByLabel('用户代码').fill(STAFF.userCode);
  await users.getByTestId('query-search').click();
  const staff = rows(admin, 'user-info').filter({ has: admin.getByRole('cell', { name: STAFF.userCode, exact: true }) });
  await expect(staff).toHaveCount(1);
  // No row's menu is drawn until it is opened (one hidden menu a row before).
  await expect(admin.getByRole('menuitem', { name: '岗位设置', includeHidden: true })).toHaveCount(0);
  // The row's own "更多" (More) menu, named for screen readers after its user.
  await staff.getByRole('button', { name: `张会计 (${STAFF.userCode}) 的更多操作` }).click();
  await admin.getByRole('menuitem', { name: '岗位设置' }).click();
  const dialog = admin.getByTestId('stations-dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toContainText(`张会计 (${STAFF.userCode})`);
  // The dialog says when staff will see the change in their menu.
  await expect(dialog).toContainText('该用户的菜单在其刷新页面或重新登录后更新');
  const station = dialog.getByTestId('station').filter({ hasText: `(${code})` });
  await expect(station).toHaveCount(1);
  const box = station.getByRole('checkbox');
  if ((await box.isChecked()) !== held) await station.click();
  await expect(box).toBeChecked({ checked: held });
  // The seeded duty stays whatever is changed.
  await expect(dialog.getByTestId('station').filter({ hasText: '(STAFF)' }).getByRole('checkbox')).toBeChecked();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Takes the duty away from staff again, through the same dialog (used by the test and, tolerant, after it). */
async function giveBack(browser: Browser, code: string): Promise<void> {
  const admin = await newPage(browser);
  // Every step fails within 10 s rather than waiting out the hook: a failure here is reported, not hung on.
  admin.setDefaultTimeout(10_000);
  try {
    await loginAs(admin, ADMIN);
    await setStaffStation(admin, code, false);
  } finally {
    await admin.context().close();
  }
}

let granted: string | null = null;

test.afterAll(async ({ browser }) => {
  // Only when the test stopped between the grant and its own clean-up.
  if (!granted) return;
  try {
    await giveBack(browser, granted);
  } catch (error) {
    console.warn(`duty-grant: could not take ${granted} back from staff: ${String(error)}`);
  }
});

test('an administrator grants a duty to staff, who find its page after logging in again; before the grant its calls are refused', async ({ browser }) => {
  // Three users' sessions, two reviews and two logins again: the longest walk of the suite.
  test.setTimeout(120_000);
  const code = dutyCode();

  // 1. Staff have no system-parameters page, and opening its address meets the server's refusal.
  const staff = await newPage(browser);
  await loginAs(staff, STAFF);
  await expect(menu(staff).getByRole('button', { name: '系统设置' })).toHaveCount(0);
  await expect(staff.getByTestId(`menu-leaf-${PAGE.id}`)).toHaveCount(0);
  // Its address shows the no-access page; its calls, made with staff's own session, are refused with 403.
  await staff.goto(`/index.html${PAGE.route}`);
  await expect(staff.getByTestId('forbidden-page')).toBeVisible();
  await expect(staff.getByTestId('resource-sys-param-setting')).toHaveCount(0);
  const denied = await staff.evaluate(async () => {
    const res = await fetch('/api/fsmc/sys-param-setting/query-by-/1', { headers: { JwtToken: localStorage.getItem('sessionKey') ?? '' } });
    return { status: res.status, code: (await res.json()).code as number };
  });
  expect(denied).toEqual({ status: 403, code: 1003 });

  // 2. The administrator adds the duty and submits it for review, then grants it the page.
  const admin = await newPage(browser);
  await loginAs(admin, ADMIN);
  await admin.goto('/index.html#/duty');
  await expect(admin.getByTestId('resource-duty')).toBeVisible();
  await expect(rows(admin, 'duty').first()).toBeVisible();
  await admin.getByRole('button', { name: '新增', exact: true }).click();
  await field(admin, 'dutyCode').fill(code);
  await field(admin, 'dutyName').fill(DUTY_NAME);
  await field(admin, 'dutyNameEn').fill('Parameter keeper');
  await form(admin).getByRole('button', { name: '保存', exact: true }).click();
  await form(admin).getByRole('button', { name: '提交', exact: true }).click();
  await expect(form(admin)).toHaveCount(0);
  const duty = rows(admin, 'duty').filter({ hasText: code });
  await expect(duty).toContainText('待审核');
  await expectNoRawLocaleKeys(admin);

  await duty.getByRole('button', { name: '功能权限' }).click();
  const tree = admin.getByTestId('function-tree-dialog');
  await expect(tree.getByRole('heading', { level: 2 })).toContainText(`${DUTY_NAME} (${code})`);
  // Sixty pages: the administrator filters for the one they want.
  await expect(tree.getByTestId('function-leaf').first()).toBeVisible();
  await tree.getByLabel('筛选页面（名称或所属菜单）').fill(PAGE.name);
  await expect(tree.getByTestId('function-leaf')).toHaveCount(1);
  const leaf = tree.getByTestId('function-leaf').filter({ hasText: PAGE.name });
  await expect(leaf).toHaveCount(1);
  await expect(leaf.getByRole('checkbox')).not.toBeChecked();
  await leaf.getByRole('checkbox', { name: `选择 ${PAGE.name}` }).click();
  await expect(leaf.getByRole('checkbox')).toBeChecked();
  await tree.getByRole('button', { name: '保存' }).click();
  await expect(tree).toHaveCount(0);
  // Saved: opened again, the page is ticked and nothing else is.
  await duty.getByRole('button', { name: '功能权限' }).click();
  await expect(tree.getByTestId('function-leaf').filter({ hasText: PAGE.name }).getByRole('checkbox')).toBeChecked();
  await expect(tree.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await tree.getByRole('button', { name: '关闭' }).click();
  await expect(tree).toHaveCount(0);

  // The one who submitted it may not approve it: no review is offered to them.
  await expect(duty.getByRole('button', { name: '审核' })).toHaveCount(0);
  await expect(duty).toContainText('待审核');

  // The second administrator, in their own browser, passes the review.
  const checker = await newPage(browser);
  await loginAs(checker, CHECKER);
  await expect(checker.getByTestId('current-user')).toHaveText(CHECKER.name);
  await checker.goto('/index.html#/duty');
  const pending = rows(checker, 'duty').filter({ hasText: code });
  await expect(pending).toContainText('待审核');
  await pending.getByRole('button', { name: '审核' }).click();
  await checker.getByTestId('review-panel').getByRole('textbox').fill('同意，仅含系统参数页面');
  await checker.getByTestId('review-panel').getByRole('button', { name: '通过' }).click();
  await expect(pending).toContainText('已生效');
  await checker.context().close();

  // The administrator gives staff the duty beside the one they have.
  granted = code;
  await setStaffStation(admin, code, true);

  // 3. Staff log in again: the menu has the page, and the page lists the parameters.
  await logout(staff);
  await loginAs(staff, STAFF);
  await menu(staff).getByRole('button', { name: '系统设置' }).click();
  await staff.getByTestId(`menu-leaf-${PAGE.id}`).click();
  await expect(staff).toHaveURL(/#\/sys-param-setting/);
  await expect(staff.getByTestId('resource-sys-param-setting')).toBeVisible();
  await expect(rows(staff, 'sys-param-setting')).toHaveCount(7);
  await expect(rows(staff, 'sys-param-setting').filter({ hasText: 'base.currency' })).toContainText('记账本位币');
  await expect(staff.getByTestId('resource-sys-param-setting').getByRole('alert')).toHaveCount(0);
  await expect(staff.getByTestId('breadcrumbs')).toHaveText(/系统设置.*参数.*系统参数/);
  await staff.context().close();

  // 4. Clean up: staff back to their seeded duty alone.
  await setStaffStation(admin, code, false);
  granted = null;
  await admin.context().close();
});

test('a keyboard alone grants pages: Space ticks the focused page or group, Enter only selects, the save keeps the ticks', async ({ page }) => {
  const code = `RATE_KEEPER${test.info().retry ? `_${test.info().retry}` : ''}`;
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/duty');
  await expect(rows(page, 'duty').first()).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'dutyCode').fill(code);
  await field(page, 'dutyName').fill('利率维护员');
  await field(page, 'dutyNameEn').fill('Rate keeper');
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await form(page).getByRole('button', { name: '提交', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  const duty = rows(page, 'duty').filter({ hasText: code });
  const trigger = duty.getByRole('button', { name: '功能权限' });

  // From here on, keys only.
  await trigger.focus();
  await page.keyboard.press('Enter');
  const tree = page.getByTestId('function-tree-dialog');
  const filter = tree.getByLabel('筛选页面（名称或所属菜单）');
  // The dialog opens where the administrator works: on the filter above the tree, once it has loaded (not on 关闭).
  await expect(tree.getByTestId('function-leaf').first()).toBeVisible();
  await expect(filter).toBeFocused();
  await page.keyboard.type('汇率');
  // The Rates area: 利率管理 (2 pages), 基准利率 (4), 汇率 (1).
  await expect(tree.getByTestId('function-leaf')).toHaveCount(7);
  const leaf = (name: string) => tree.getByTestId('function-leaf').filter({ has: page.getByText(name, { exact: true }) });
  const group = (name: string) => tree.locator('[role=treeitem]:has(> [data-part=branch-control])').filter({ has: page.locator('> [data-part=branch-control]', { hasText: new RegExp(`^${name}$`) }) });
  const rateTypes = leaf('利率类型');

  await page.keyboard.press('Tab');
  await expect(group('利率汇率').locator('> [data-part=branch-control]')).toBeFocused();
  // 利率管理, its two pages, 基准利率, its four pages: the last is 利率类型.
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
  await expect(rateTypes).toBeFocused();
  await expect(rateTypes).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Space');
  await expect(rateTypes).toHaveAttribute('aria-checked', 'true');
  await expect(rateTypes.getByRole('checkbox')).toBeChecked();
  await expect(group('基准利率')).toHaveAttribute('aria-checked', 'mixed');
  // Space again unticks it; a third time ticks it again.
  await page.keyboard.press('Space');
  await expect(rateTypes).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Space');
  await expect(rateTypes).toHaveAttribute('aria-checked', 'true');
  // Enter selects, as it did: it ticks nothing and unticks nothing.
  await page.keyboard.press('Enter');
  await expect(rateTypes).toHaveAttribute('aria-selected', 'true');
  await expect(rateTypes).toHaveAttribute('aria-checked', 'true');
  await expect(tree).toBeVisible();

  // A group: Space ticks every page it holds, and leaves it open.
  await page.keyboard.press('End');
  await expect(leaf('汇率')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(group('汇率').locator('> [data-part=branch-control]')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(group('汇率')).toHaveAttribute('aria-checked', 'true');
  await expect(group('汇率')).toHaveAttribute('aria-expanded', 'true');
  await expect(leaf('汇率')).toHaveAttribute('aria-checked', 'true');
  await expect(group('利率汇率')).toHaveAttribute('aria-checked', 'mixed');
  await expect(leaf('利率')).toHaveAttribute('aria-checked', 'false');

  // Out of the tree: 关闭 (close), then 保存 (save).
  await page.keyboard.press('Tab');
  await expect(tree.getByRole('button', { name: '关闭' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tree.getByRole('button', { name: '保存' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tree).toHaveCount(0);

  // Opened again (unfiltered): the two pages are granted, and nothing else.
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(leaf('利率类型')).toHaveAttribute('aria-checked', 'true');
  await expect(leaf('汇率')).toHaveAttribute('aria-checked', 'true');
  await expect(tree.getByTestId('function-leaf').and(page.locator('[aria-checked=true]'))).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(tree).toHaveCount(0);
});
