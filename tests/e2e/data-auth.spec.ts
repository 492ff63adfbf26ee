import { expect, test, type Browser, type Page } from '@playwright/test';
import { administrators, write } from './support/admin-api';
import { ADMIN, CHECKER, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 12 point 5 in the real browser, server and database (docs/data-auth.md): the page of
 * one kind (account) fixes the kind, finds an account among the 500 by scrolling page after
 * page, and its grant is passed by a second administrator; the by-user page copies one user's
 * grants to another, refused while the target has grants. Every grant goes to users this file
 * creates, so no other test's user changes.
 */

const rows = (page: Page, code: string) => page.getByTestId(`resource-${code}`).getByTestId('resource-table').locator('[data-part=row]');
const rowOf = (page: Page, code: string, userCode: string) => rows(page, code).filter({ has: page.getByRole('cell', { name: userCode, exact: true }) });
const form = (page: Page) => page.getByTestId('record-form');
const field = (page: Page, name: string) => form(page).locator(`#field-${name}`);
const list = (page: Page) => page.locator('[data-part=list][data-state]:visible');
const options = (page: Page) => list(page).getByRole('option');
const status = (page: Page) => list(page).getByTestId('scroll-status');

/** This run's users: `a` gets an account on the account page, `b` holds a currency (the copy's source), `c` a grant under review (copy refused), `d` none (copied to). */
const users = { a: '', b: '', c: '', d: '' };
/** An account of page 3 of the account dropdown, whose name no other account of pages 1 to 4 has. */
let target: { acctNo: string; acctName: string };

test.beforeAll(async ({ baseURL }) => {
  const run = `${Date.now().toString(36)}${test.info().parallelIndex}`;
  for (const key of Object.keys(users) as Array<keyof typeof users>) users[key] = `da${run}${key}`;
  const { api, admin, approved, addUser } = await administrators(baseURL!);
  for (const userCode of Object.values(users)) await addUser({ userCode, userName: `授权测试${userCode}`, userNameEn: `Grant test ${userCode}` });
  await approved('data-auth', { userCode: users.b, dataType: 'currency', dataValue: 'USD' });
  await write(api, admin, '/api/fsmc/data-auth/save-and-submit', { userCode: users.c, dataType: 'businessType', dataValue: 'FX' });
  const pages = [];
  for (const start of [1, 2, 3, 4]) pages.push((await api.post('/api/fsmc/scroll-select/account', { start, limit: 15 }, admin)).body.data.rows as Array<{ acctNo: string; acctName: string }>);
  const names = pages.flat().map((r) => r.acctName);
  target = pages[2]!.find((r) => names.filter((n) => n === r.acctName).length === 1)!;
  expect(target).toBeTruthy();
});

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('the account page: the kind is fixed, the account is found by scrolling page after page, a second administrator passes the grant', async ({ browser }) => {
  const admin = await newPage(browser);
  await loginAs(admin, ADMIN);
  await admin.goto('/index.html#/data-auth/account');
  const page = admin.getByTestId('resource-data-auth.account');
  await expect(page.getByRole('heading', { name: '按账户授权' })).toBeVisible();
  // No filter and no column for the kind (every row is an account), nor for a structure.
  await expect(page.getByTestId('resource-table').locator('th')).not.toContainText(['数据类型']);
  await expect(page.getByTestId('resource-table').locator('th')).not.toContainText(['组织结构']);
  await expect(page.getByLabel('数据类型')).toHaveCount(0);

  await page.getByRole('button', { name: '新增', exact: true }).click();
  // The add form starts with the kind, and it cannot be changed.
  await expect(field(admin, 'dataType')).toHaveValue('account');
  await expect(field(admin, 'dataType')).toBeDisabled();
  await expect(form(admin).locator('[data-field=structCode]')).toHaveCount(0);
  await expectNoRawLocaleKeys(admin);

  await field(admin, 'userCode').click();
  await field(admin, 'userCode').fill(users.a);
  await expect(options(admin)).toHaveCount(1);
  await options(admin).first().click();

  // The 500 accounts: 15 a page, the next page asked for at the end of the list.
  await field(admin, 'dataValue').click();
  await expect(options(admin)).toHaveCount(15);
  await expect(options(admin).first()).toContainText(/人民币|美元|欧元|港币|日元|英镑/);
  let shown = 15;
  while ((await options(admin).filter({ hasText: target.acctName }).count()) === 0) {
    await expect(status(admin)).toHaveAttribute('data-state', 'more');
    await list(admin).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(async () => options(admin).count()).toBeGreaterThan(shown);
    shown = await options(admin).count();
  }
  expect(shown).toBe(45);
  await options(admin).filter({ hasText: target.acctName }).click();
  await expect(field(admin, 'dataValue')).toHaveValue(target.acctName);

  await form(admin).getByRole('button', { name: '保存', exact: true }).click();
  await form(admin).getByRole('button', { name: '提交', exact: true }).click();
  await expect(form(admin)).toHaveCount(0);
  const row = rowOf(admin, 'data-auth.account', users.a);
  await expect(row).toContainText('待审核');
  await expect(row.getByRole('cell', { name: target.acctNo, exact: true })).toBeVisible();
  await admin.context().close();

  const checker = await newPage(browser);
  await loginAs(checker, CHECKER);
  await checker.goto('/index.html#/data-auth/account');
  const pending = rowOf(checker, 'data-auth.account', users.a);
  await pending.getByRole('button', { name: '审核' }).click();
  await expect(field(checker, 'dataType')).toHaveValue('account');
  await checker.getByTestId('review-panel').getByRole('button', { name: '通过' }).click();
  await expect(pending).toContainText('已生效');
  // The by-user page lists it among every kind.
  await checker.goto('/index.html#/data-auth/user');
  await expect(rowOf(checker, 'data-auth', users.a)).toContainText('账户');
  await checker.context().close();
});

test('copy on the by-user page, in English: refused while the target has grants, then done for a user without any', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  try {
    await page.goto('/index.html#/data-auth/user');
    await page.reload();
    const resource = page.getByTestId('resource-data-auth');
    await expect(resource.getByRole('heading', { name: 'Data authorisation by user' })).toBeVisible();
    await resource.getByRole('button', { name: 'Copy grants' }).click();
    const dialog = page.getByTestId('data-auth-copy');
    const choose = async (id: string, userCode: string) => {
      await dialog.locator(`#${id}`).click();
      await dialog.locator(`#${id}`).fill(userCode);
      await expect(options(page)).toHaveCount(1);
      await options(page).first().click();
      await expect(dialog.locator(`#${id}`)).toHaveValue(`Grant test ${userCode}`);
    };
    await choose('copy-from', users.b);
    await choose('copy-to', users.c);
    // By keyboard from here: each step hides the button pressed, and the focus goes on to the next move.
    await dialog.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText(`Copy every grant in force of user ${users.b} to user ${users.c}? The copies take effect once another administrator passes them.`);
    await expect(dialog.getByRole('button', { name: 'Copy', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveAttribute('data-state', 'failed');
    await expect(dialog.getByRole('alert')).toContainText(`User ${users.c} already has grants: nothing is copied`);
    await expectNoRawLocaleKeys(page);

    await expect(dialog.getByRole('button', { name: 'Change users' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeFocused();
    await choose('copy-to', users.d);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(`Grants copied to user ${users.d}, now awaiting review: 1`);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    // The copy is a new grant under review, the source's own stays.
    await resource.locator('#query-userCode').fill(users.d);
    await resource.getByRole('button', { name: 'Search', exact: true }).click();
    const copied = rowOf(page, 'data-auth', users.d);
    await expect(copied).toContainText('Pending review');
    await expect(copied.getByRole('cell', { name: 'USD', exact: true })).toBeVisible();
  } finally {
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  }
});

test('the account chooser scrolls through every one of the 500 seeded accounts, 15 a page, until the list says it ends', async ({ page }) => {
  await loginAs(page, ADMIN, '/data-auth/account');
  await page.getByTestId('resource-data-auth.account').getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'dataValue').click();
  await expect(options(page)).toHaveCount(15);
  let shown = 15;
  // Fetched pages × 15 reach the total: then, and only then, the list says it has ended.
  while ((await status(page).getAttribute('data-state')) !== 'end') {
    await expect(status(page)).toHaveAttribute('data-state', 'more');
    await list(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(async () => options(page).count()).toBeGreaterThan(shown);
    const now = await options(page).count();
    expect(now - shown).toBeLessThanOrEqual(15);
    shown = now;
    await expect(status(page)).not.toHaveAttribute('data-state', 'loading');
  }
  // The 500 seeded, and any another test has added since; each account once.
  expect(shown).toBeGreaterThanOrEqual(500);
  const values = await options(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-value')));
  expect(values.every(Boolean)).toBe(true);
  expect(new Set(values).size).toBe(values.length);
});
