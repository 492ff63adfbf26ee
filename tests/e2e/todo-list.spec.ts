import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';
import { formField as field, openRatePlans, recordForm as form, submitRatePlan } from './support/rate-plans';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { apiClient } from './support/api';
import { HEADERS } from '../../src/shared/constants';

/** The administrator's own API session (it ends any browser session of the same user: use before one). */
async function adminApi(origin: string) {
  const api = apiClient(origin);
  const login = await api.post('/api/fsmc/login/login', { userCode: ADMIN.userCode, password: ADMIN.password });
  const session = { [HEADERS.jwtToken]: login.body.data.JwtToken as string };
  return {
    post: async (path: string, body: unknown) => api.post(path, body, { ...session, [HEADERS.requestToken]: (await api.get('/api/fsmc/common/token/getToken', session)).body.data.token }),
  };
}

/**
 * The to-do list page (issue 15 point 1; docs/approvals.md, "The to-do page"), in the real
 * browser against the real server: a staff user submits a rate plan, the approver finds the task
 * on their to-do page, opens its review from the keyboard, passes it, and it leaves the list;
 * the page is usable at 390 px.
 */

const tasks = (page: Page) => page.getByTestId('todo-task');

test('staff submit, the approver finds the task on the to-do page, passes it from there, and it leaves the list', async ({ browser }) => {
  const planName = `待办方案${test.info().parallelIndex}-${test.info().retry}-${Date.now() % 100000}`;

  const staff = await (await browser.newContext()).newPage();
  await openRatePlans(staff, STAFF);
  const mine = await submitRatePlan(staff, planName);
  // The to-do list names a record by its title field, the plan number the server gave it.
  const planNo = (await mine.textContent())!.match(/RP\d{6}/)![0];

  // Rate plans' Refuse hidden in the hide-button map (widgets §6): the review opened from the
  // to-do page is the business page's, so it is hidden there too. No other test refuses a plan.
  const origin = new URL(staff.url()).origin;
  const hidden = await (await adminApi(origin)).post('/api/fsmc/func-button/add', { funcUrl: '/rate-plan', elementKind: 'button', elementCode: 'refuse', functionDisplay: false });
  expect(hidden.body.code).toBe(0);

  // The approver's to-do page, a page of its own in the shell.
  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN);
  // Found in the menu (seeded for the approvers' duty) and opened from it.
  await admin.getByTestId('menu-search').fill('我的待办');
  await admin.getByTestId('menu-search-option').filter({ hasText: /^我的待办/ }).first().click();
  await expect(admin).toHaveURL(/#\/todo-list/);
  await expect(admin.getByTestId('todo-list').getByRole('heading', { name: '我的待办' })).toBeVisible();
  await expect(admin).toHaveTitle('资金管理平台-我的待办');
  const task = tasks(admin).filter({ hasText: planNo });
  await expect(task).toHaveCount(1);
  await expect(task.locator('td')).toHaveText(['利率方案', planNo, '部门复核', '张会计', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/, '审批']);
  await expectNoRawLocaleKeys(admin);

  // The home page's to-do panel opens a task's review itself, over the to-do list, at the
  // task's own address; closing it returns to the list's. (Oldest first: this plan's task need
  // not be among the panel's few, so the first one listed is opened.)
  await admin.goto('/index.html#/');
  const first = admin.getByTestId('workbench-todo-list').getByRole('link').first();
  await expect(first).toHaveAttribute('href', /^#\/todo-list\/[a-z-]+\/\d+$/);
  await first.click();
  await expect(admin).toHaveURL(/#\/todo-list\/[a-z-]+\/\d+$/);
  await expect(admin.getByTestId('review-panel')).toBeVisible();
  // The task's address is the to-do page's: the breadcrumbs and the menu say so.
  await expect(admin.getByTestId('breadcrumbs').locator('[aria-current=page]')).toHaveText('我的待办');
  await expect(admin).toHaveTitle('资金管理平台-我的待办');
  await admin.keyboard.press('Escape');
  await expect(form(admin)).toHaveCount(0);
  await expect(admin).toHaveURL(/#\/todo-list$/);
  await expect(task).toHaveCount(1);
  // No row's button opened it: the keyboard goes on from the list's Refresh.
  await expect(admin.getByTestId('todo-list').getByRole('button', { name: '刷新' })).toBeFocused();
  // An address naming no business this build reviews opens the list alone.
  await admin.goto('/index.html#/todo-list/no-such-business/1');
  await expect(task).toHaveCount(1);
  await expect(form(admin)).toHaveCount(0);

  // At 390 px the page fits the width (the table scrolls inside it) and the task is decided there.
  await admin.setViewportSize({ width: 390, height: 800 });
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect((await admin.getByTestId('todo-list').boundingBox())!.width).toBeLessThanOrEqual(390);

  // Opened from the keyboard: the record's review, the same dialog its own page opens.
  await task.getByRole('button', { name: `审批 ${planNo}` }).focus();
  await admin.keyboard.press('Enter');
  await expect(field(admin, 'planName')).toHaveValue(planName);
  await expect(admin.getByTestId('approval').locator('[data-part=step][data-state=current]')).toContainText('部门复核');
  await expect(admin.getByTestId('review-panel').getByRole('button', { name: '退回' })).toBeVisible();
  await expect(admin.getByTestId('review-panel').getByRole('button', { name: '拒绝' })).toHaveCount(0);
  await admin.getByTestId('review-panel').getByRole('textbox').fill('同意');
  await admin.getByTestId('review-panel').getByRole('button', { name: '通过' }).click();
  await expect(form(admin)).toHaveCount(0);
  // Decided, the task leaves the list (its next step is someone else's).
  await expect(task).toHaveCount(0);

  // The home page's to-do panel leads to the same page.
  await admin.goto('/index.html#/');
  await admin.getByTestId('workbench-todo-all').click();
  await expect(admin.getByTestId('todo-list').getByRole('heading', { name: '我的待办' })).toBeVisible();

  // The submitter has nothing to decide: an empty list says so.
  await staff.goto('/index.html#/todo-list');
  await expect(staff.getByTestId('todo-list')).toContainText('暂无待办任务');

  // Shown again for everyone else (the browser's session of the administrator ends here).
  const { id, version } = hidden.body.data as { id: number; version: number };
  expect((await (await adminApi(origin)).post('/api/fsmc/func-button/disable', { id, version })).body.code).toBe(0);
});
