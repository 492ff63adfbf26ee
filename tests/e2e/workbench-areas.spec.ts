import { expect, test, type Page } from '@playwright/test';
import { HEADERS } from '../../src/shared/constants';
import { apiClient } from './support/api';
import { ADMIN, CHECKER, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Home page areas (docs/workbench.md, "Areas"): a user hides an area and moves another to the top
 * with the keyboard alone, the page follows at once and after a reload; in English on a phone,
 * System default brings the system's areas back. The system's own list is global (every test's
 * home page reads it), so the administrator's test changes nothing: what a disabled area does to
 * home pages is tests/server/portal-area.test.ts's.
 */

const panelOrder = (page: Page) => page.getByTestId('workbench-panels').locator('> [data-part=panel]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
const ALL = ['workbench-balances', 'workbench-cashFlow', 'workbench-reminders', 'workbench-todo', 'workbench-favourites'];

/** The worker's checker back on the system's areas (a retried test starts clean); logs in over the API, so call it before the browser's login. */
async function resetAreas(baseURL: string): Promise<void> {
  const api = apiClient(baseURL);
  const login = await api.post('/api/fsmc/login/login', { userCode: CHECKER.userCode, password: CHECKER.password });
  const reset = await api.post('/api/portal/area/reset', {}, { [HEADERS.jwtToken]: login.body.data.JwtToken as string });
  expect(reset.body.code, reset.body.msg).toBe(0);
}

test('a user hides an area and puts another first by keyboard, kept after a reload; in English at 390 px the system default comes back', async ({ page, baseURL }) => {
  await resetAreas(baseURL!);
  await loginAs(page, CHECKER);
  await expect.poll(() => panelOrder(page)).toEqual(ALL);

  const trigger = page.getByTestId('workbench-areas-trigger');
  await trigger.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByTestId('workbench-areas');
  await expect(popover.getByRole('heading', { name: '首页区域' }).or(popover.getByText('首页区域'))).toBeVisible();
  // Untick the reminders: Tab reaches its tick, Space turns it off.
  const reminders = popover.getByRole('checkbox', { name: '我的提醒' });
  await reminders.focus();
  await page.keyboard.press('Space');
  await expect(reminders).not.toBeChecked();
  // The to-do row goes to the top with Alt+↑, three times.
  const todo = popover.locator('[data-part=item][data-area=todo]');
  await todo.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Alt+ArrowUp');
  await expect(popover.locator('[data-part=item]').first()).toHaveAttribute('data-area', 'todo');
  // Nothing changes on the page before the save.
  expect(await panelOrder(page)).toEqual(ALL);
  await popover.getByRole('button', { name: '保存' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('首页已保存')).toBeVisible();
  await expect(popover).toHaveCount(0);
  const mine = ['workbench-todo', 'workbench-balances', 'workbench-cashFlow', 'workbench-favourites'];
  await expect.poll(() => panelOrder(page)).toEqual(mine);
  await expectNoRawLocaleKeys(page);

  await page.reload();
  await expect.poll(() => panelOrder(page)).toEqual(mine);

  // In English on a phone: the hidden area is listed unticked, and System default brings every area back.
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('workbench-todo').getByRole('heading', { name: 'To-do tasks' })).toBeVisible();
  await page.getByTestId('workbench-areas-trigger').focus();
  await page.keyboard.press('Enter');
  await expect(popover.getByRole('checkbox', { name: 'My reminders' })).not.toBeChecked();
  const box = await popover.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectNoRawLocaleKeys(page);
  await popover.getByRole('button', { name: 'System default' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Home page saved')).toBeVisible();
  await expect.poll(() => panelOrder(page)).toEqual(ALL);
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
});

test('the system area settings list the home page’s areas by name; an area offered twice is refused in place', async ({ page }) => {
  await loginAs(page, ADMIN, '/sys-area-set');
  const resource = page.getByTestId('resource-sys-area-set');
  await expect(resource.getByRole('heading', { name: '系统区域设置', exact: true })).toBeVisible();
  const rows = resource.getByTestId('resource-table').locator('[data-part=row]');
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText('账户余额');
  await expect(rows.nth(4)).toContainText('常用菜单');

  await resource.getByRole('button', { name: '新增', exact: true }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByTestId('record-form');
  await expect(form).toBeVisible();
  await form.locator('#field-areaCode').selectOption({ label: '待办任务' });
  await form.locator('#field-sortOrder').fill('9');
  await form.locator('#field-sortOrder').press('Enter');
  await expect(form.getByTestId('form-failure')).toContainText('区域“待办任务”已被使用');
  await expect(form.locator('#field-sortOrder')).toHaveValue('9');
  await page.keyboard.press('Escape');
  await expect(rows).toHaveCount(5);
  await expectNoRawLocaleKeys(page);
});
