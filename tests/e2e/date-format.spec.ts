import { expect, test } from '@playwright/test';
import { administrators } from './support/admin-api';
import { ADMIN, CHECKER, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { inEnglish } from './support/in-english';

/**
 * Widgets §9: a date-time shows as YYYY-MM-DD HH:mm, with seconds in its full form, whatever
 * the language, in the user's own time. Before, the reminders drawer, the outbox and the user
 * page's lock and online users wrote them as the browser's locale does ("2026/11/29 14:13:16"
 * in Chinese, "11/29/2026, 2:13:16 PM" in English).
 *
 * The browser runs at UTC+8 (Shanghai, no daylight saving), so a time written in UTC, as the
 * server sends it, would show eight hours off. What each place should show is worked out here
 * from the server's answer, not with the portal's own formatter.
 */
test.use({ timezoneId: 'Asia/Shanghai' });
const SHANGHAI_MS = 8 * 3_600_000;
const inShanghai = (iso: string, seconds: boolean) => new Date(Date.parse(iso) + SHANGHAI_MS).toISOString().slice(0, seconds ? 19 : 16).replace('T', ' ');
const SHORT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const FULL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** This run's own user: locked and mailed here, so no other test's user is touched. */
let userCode = '';

test.beforeAll(async ({ baseURL }) => {
  userCode = `dt${Date.now().toString(36)}${test.info().parallelIndex}`;
  const { api, addUser } = await administrators(baseURL!);
  await addUser({ userCode, userName: `日期测试${userCode}`, userNameEn: `Date test ${userCode}` });
  // A mail in the outbox: the forgot-password flow's identify code for that user.
  const sent = await api.post('/api/fsmc/common/forget-password/send-identify-code', { userCode });
  expect(sent.body.code, sent.body.msg).toBe(0);
});

test('reminders drawer: each reminder’s time is YYYY-MM-DD HH:mm in the user’s time, in Chinese and in English', async ({ page }) => {
  // The checker: no test cancels its reminders (shell-frame cancels the administrator's).
  await loginAs(page, CHECKER);
  const open = async () => {
    // Waited for once the new page has begun: the page before asked the same call, and its answer,
    // navigated away from, has no body to read.
    await page.goto('/index.html?drawer=reminders#/', { waitUntil: 'commit' });
    const answer = page.waitForResponse((r) => r.url().includes('/remind/query-remind-info-by-page'));
    const rows = ((await (await answer).json()) as { data: { rows: Array<{ createdAt: string }> } }).data.rows;
    expect(rows.length).toBeGreaterThan(0);
    const times = page.getByTestId('drawer-reminders').getByTestId('reminder-time');
    await expect(times).toHaveText(rows.map((r) => inShanghai(r.createdAt, false)));
    for (const text of await times.allTextContents()) expect(text).toMatch(SHORT);
  };
  await open();
  await expect(page.getByTestId('drawer-reminders').getByRole('button', { name: '全部取消' })).toBeVisible();
  await inEnglish(page, async () => {
    await open();
    await expect(page.getByTestId('drawer-reminders').getByRole('button', { name: 'Cancel all' })).toBeVisible();
    await expectNoRawLocaleKeys(page);
  });
});

test('outbox: a message’s time is YYYY-MM-DD HH:mm:ss in the user’s time, in Chinese and in English', async ({ page }) => {
  await loginAs(page, ADMIN);
  const check = async (heading: string) => {
    const answer = page.waitForResponse((r) => r.url().includes('/system/outbox/query'));
    await page.goto('/index.html#/outbox');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    const rows = ((await (await answer).json()) as { data: { rows: Array<{ recipient: string; createdAt: string }> } }).data.rows;
    const mail = rows.find((r) => r.recipient.startsWith(`${userCode}@`));
    expect(mail, `the identify code mailed to ${userCode}`).toBeTruthy();
    const when = page.getByTestId('outbox-message').filter({ hasText: `${userCode}@` }).locator('td').first();
    await expect(when).toHaveText(inShanghai(mail!.createdAt, true));
    await expect(when).toHaveText(FULL);
  };
  await check('系统发件箱');
  await inEnglish(page, async () => {
    await check('System outbox');
    await expectNoRawLocaleKeys(page);
  });
});

test('user page: “locked until” is the minute chosen as YYYY-MM-DD HH:mm, online users’ times have seconds, in Chinese and in English', async ({ page }) => {
  await loginAs(page, ADMIN, '/user-info');
  const resource = page.getByTestId('resource-user-info');
  const findUser = async (search: string) => {
    await resource.locator('#query-userCode').fill(userCode);
    await resource.getByRole('button', { name: search, exact: true }).click();
    const row = resource.locator('[data-part=row]').filter({ has: page.getByRole('cell', { name: userCode, exact: true }) });
    await expect(row).toHaveCount(1);
    return row;
  };
  const lockDialog = async (search: string, menuItem: string) => {
    await (await findUser(search)).locator('[data-part=row-menu][data-action=user-extras]').click();
    await page.getByRole('menuitem', { name: menuItem }).click();
    return page.getByTestId('lock-dialog');
  };
  const online = async (button: string) => {
    const answer = page.waitForResponse((r) => r.url().includes('/user-info/online-users'));
    await resource.getByRole('button', { name: button, exact: true }).click();
    const rows = ((await (await answer).json()) as { data: { rows: Array<{ userCode: string; loginAt: string; lastSeenAt: string }> } }).data.rows;
    const me = rows.find((r) => r.userCode === ADMIN.userCode)!;
    expect(me, 'the administrator’s own session').toBeTruthy();
    const cells = page.getByTestId('online-users').getByTestId('online-user').filter({ has: page.getByRole('cell', { name: ADMIN.userCode, exact: true }) }).locator('td');
    await expect(cells.nth(3)).toHaveText(inShanghai(me.loginAt, true));
    await expect(cells.nth(4)).toHaveText(inShanghai(me.lastSeenAt, true));
    await expect(cells.nth(3)).toHaveText(FULL);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('online-users')).toHaveCount(0);
  };

  // Locked until a minute typed (YYYY-MM-DD HH:mm) in the browser's own time: read back as that same minute.
  let dialog = await lockDialog('查询', '锁定/解锁');
  await expect(dialog).toContainText('未锁定');
  await expect(dialog.getByLabel('锁定至', { exact: true })).toHaveAttribute('placeholder', 'YYYY-MM-DD HH:mm');
  await dialog.getByLabel('锁定至', { exact: true }).fill('2031-05-06 07:08');
  await dialog.getByRole('button', { name: '锁定', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  dialog = await lockDialog('查询', '锁定/解锁');
  await expect(dialog.locator('[data-part=lock-state]')).toHaveText('已锁定至 2031-05-06 07:08');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await online('在线用户');

  await inEnglish(page, async () => {
    dialog = await lockDialog('Search', 'Lock or unlock');
    await expect(dialog.locator('[data-part=lock-state]')).toHaveText('Locked until 2031-05-06 07:08');
    await expectNoRawLocaleKeys(page);
    await dialog.getByRole('button', { name: 'Unlock now' }).click();
    await expect(dialog).toHaveCount(0);
    await online('Online users');
  });
});
