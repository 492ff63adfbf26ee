import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * The password rule page (src/views/password-rule). The rule is one for the whole portal and the
 * other tests of a run set passwords meanwhile, so these only move the maximum length (no test's
 * password is near it) and put it back: what they check is that the page saves, refuses in place
 * and tries a password against the rule as edited.
 */
test('an administrator changes the maximum length by keyboard: a bad number is refused in place, a good one is saved and reloads as saved', async ({ page }) => {
  await loginAs(page, ADMIN, '/password-rule');
  const view = page.getByTestId('password-rule');
  await expect(view.getByRole('heading', { name: '密码规则' })).toBeVisible();
  await expect(page).toHaveTitle(/密码规则/);
  const max = view.getByLabel('最大长度');
  await expect(max).toHaveValue(/^\d+$/);
  const before = await max.inputValue();

  await max.fill('7');
  await max.press('Enter');
  await expect(view.getByText('请输入 8 到 128 之间的数字')).toBeVisible();
  await expect(max).toHaveValue('7');
  await expect(max).toBeFocused();
  await expectNoRawLocaleKeys(page);

  const limit = before === '64' ? '65' : '64';
  await max.fill(limit);
  await max.press('Enter');
  await expect(view.getByRole('status').filter({ hasText: '密码规则已保存' })).toBeVisible();
  await expect(max).toBeFocused();
  await page.reload();
  await expect(view.getByLabel('最大长度')).toHaveValue(limit);

  // A password to try is held to the rule as it stands in the form, before anything is saved.
  await view.getByLabel('试一个密码').fill('x'.repeat(Number(limit) + 1));
  await expect(view.getByTestId('sample-problems')).toContainText(`密码最多 ${limit} 个字符`);

  await view.getByLabel('最大长度').fill('128');
  await view.getByRole('button', { name: '保存' }).click();
  await expect(view.getByRole('status').filter({ hasText: '密码规则已保存' })).toBeVisible();
  await expect(view.getByTestId('sample-problems')).toHaveCount(0);
  await expect(view.getByTestId('sample-accepted')).toBeVisible();
});

test('in English on a narrow screen: a character class switched on by keyboard applies to the password tried, and undo puts the saved rule back; a non-administrator is turned away', async ({ page }) => {
  await page.goto('/api/portal/login/query-system-setting');
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await loginAs(page, ADMIN, '/password-rule');
  // A phone's width (the shell's menu is in a drawer there, so the login waits for it first).
  await page.setViewportSize({ width: 390, height: 844 });
  const view = page.getByTestId('password-rule');
  await expect(view.getByRole('heading', { name: 'Password rules' })).toBeVisible();
  await expect(view).toHaveAttribute('data-state', 'saved');
  const digit = view.getByRole('checkbox', { name: 'A digit' });
  await expect(digit).not.toBeChecked();

  await view.getByLabel('Try a password').fill('correct horse battery staple');
  await expect(view.getByTestId('sample-accepted')).toBeVisible();
  await digit.focus();
  await page.keyboard.press('Space');
  await expect(digit).toBeChecked();
  await expect(view.getByTestId('sample-problems')).toContainText('The password needs a digit');
  await expect(view).toHaveAttribute('data-state', 'changed');
  // Reload would drop the change: it waits until the change is saved or undone.
  await expect(view.getByRole('button', { name: 'Reload' })).toHaveAttribute('aria-disabled', 'true');
  await view.getByRole('button', { name: 'Undo changes' }).press('Enter');
  await expect(digit).not.toBeChecked();
  await expect(view.getByTestId('sample-accepted')).toBeVisible();
  await expect(view).toHaveAttribute('data-state', 'saved');
  // Nothing sticks out of a phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoRawLocaleKeys(page);

  const staff = await page.context().browser()!.newPage();
  await loginAs(staff, STAFF, '/password-rule');
  await expect(staff.getByTestId('forbidden-page')).toBeVisible();
  await expect(staff.getByTestId('password-rule')).toHaveCount(0);
  await staff.close();
});
