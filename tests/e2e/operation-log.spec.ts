import { expect, test } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 15 point 8: an administrator finds their own login and their own write (the language
 * they chose in the header) in the operation log, first in Chinese, then in English.
 */
test('an administrator finds their own login and a write in the operation log, in both languages', async ({ page }) => {
  await loginAs(page, ADMIN, '/operate-log');
  await expect(page.getByTestId('resource-operate-log').getByRole('heading', { name: '操作日志' })).toBeVisible();
  const form = page.getByTestId('query-form');
  const rows = page.getByTestId('resource-table').locator('[data-part=row]');
  const search = async (userLabel: string) => {
    await form.getByLabel(userLabel).fill(ADMIN.userCode);
    await page.getByTestId('query-search').click();
  };

  await search('用户代码');
  const login = rows.filter({ hasText: 'POST /api/fsmc/login/login' }).first();
  await expect(login).toContainText('登录');
  await expect(login).toContainText('密码登录');
  await expect(login).toContainText('成功');
  await expect(login).toContainText(ADMIN.userCode);
  await expectNoRawLocaleKeys(page);

  // A write of the administrator's own: the language, saved on the user.
  await page.getByTestId('language-switch').selectOption('en-US');
  await expect(page.getByTestId('resource-operate-log').getByRole('heading', { name: 'Operation log' })).toBeVisible();
  await search('User code');
  const write = rows.filter({ hasText: 'POST /api/fsmc/login/lang-setting' }).first();
  await expect(write).toContainText('Write');
  await expect(write).toContainText('Success');
  // When, in the spec's full date-time in either language (widgets §9), whole, not cut short.
  const when = write.getByRole('cell').nth(1);
  await expect(when).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(await when.evaluate((cell) => [cell, ...cell.querySelectorAll('*')].every((el) => el.scrollWidth <= el.clientWidth))).toBe(true);
  await expect(rows.filter({ hasText: 'POST /api/fsmc/login/login' }).first()).toContainText('Password');
  await expectNoRawLocaleKeys(page);

  // Back to Chinese, as every other test of this worker's user expects.
  await page.getByTestId('language-switch').selectOption('zh-CN');
  await expect(page.getByTestId('resource-operate-log').getByRole('heading', { name: '操作日志' })).toBeVisible();
});
