import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * The function tree (docs/function-tree.md): an administrator adds a function under a group by
 * keyboard, is refused an address another function has with what was typed kept, is asked before
 * unsaved changes are dropped, and deletes the function again; in English on a phone, a granted
 * page says why it stays. Each attempt adds its own function, granted to no one, so no other
 * test's menu changes.
 */

const suffix = () => `${Date.now().toString(36)}${test.info().workerIndex}${test.info().retry}`;
const page$ = (page: Page) => page.getByTestId('function-tree');
const node = (page: Page, name: string) => page$(page).getByTestId('function-node').filter({ hasText: name });

test('an administrator adds a function under a group by keyboard, is refused a taken address in place, and deletes it', async ({ page }) => {
  const id = suffix();
  const url = `/e2e-ft-${id}`;
  const name = `测试功能${id}`;
  await loginAs(page, ADMIN, '/function-tree');
  await expect(page$(page).getByRole('heading', { name: '功能树' })).toBeVisible();
  await expect(page).toHaveTitle(/功能树/);

  // The group of the reference data's currencies, found with the filter.
  await page$(page).getByRole('searchbox').fill('币种与银行');
  await node(page, '币种与银行').first().focus();
  await page.keyboard.press('Enter');
  await expect(page$(page).locator('#function-functionName')).toBeFocused();
  await expect(page$(page).locator('#function-functionName')).toHaveValue('币种与银行');
  await page$(page).getByRole('button', { name: '新增下级功能' }).focus();
  await page.keyboard.press('Enter');
  const form = page$(page).getByRole('form', { name: '新增功能' });
  await expect(page$(page).locator('#function-functionName')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`Test function ${id}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('/currency');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toContainText('已使用地址 /currency');
  await expect(page$(page).locator('#function-functionName')).toHaveValue(name);

  await page$(page).locator('#function-funcUrl').fill(url);
  await page$(page).locator('#function-funcUrl').press('Enter');
  await expect(page$(page).getByRole('status')).toHaveText('已新增；在职责中授权后出现在菜单里');
  await page$(page).getByRole('searchbox').fill(url);
  await expect(node(page, name)).toHaveAttribute('aria-current', 'true');
  await expect(page$(page).getByTestId('function-grants')).toHaveText('0 个职责授权');

  // A change not saved is not dropped without asking.
  await page$(page).locator('#function-functionNameEn').fill('Changed, not saved');
  await page$(page).getByRole('searchbox').fill('');
  await node(page, '币种与银行').first().click();
  const discard = page.getByTestId('function-discard');
  await expect(discard).toContainText('放弃未保存的修改？');
  await discard.getByRole('button', { name: '返回' }).click();
  await expect(discard).toHaveCount(0);
  await expect(page$(page).locator('#function-functionNameEn')).toHaveValue('Changed, not saved');
  await page$(page).getByRole('button', { name: '撤销修改' }).click();
  await expect(page$(page).locator('#function-functionNameEn')).toHaveValue(`Test function ${id}`);

  await page$(page).getByRole('button', { name: '删除', exact: true }).click();
  const question = page.getByTestId('function-delete');
  await expect(question).toContainText(`确定删除“${name}”吗？`);
  await question.getByRole('button', { name: '删除' }).click();
  await expect(question).toHaveCount(0);
  await expect(page$(page).getByRole('status')).toHaveText('已删除');
  await page$(page).getByRole('searchbox').fill(url);
  await expect(page$(page)).toContainText('没有名称或地址包含该内容的功能');
  await expectNoRawLocaleKeys(page);
});

test('in English on a phone: a page duties grant shows how many and why it cannot be deleted', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  try {
    await page.goto('/index.html#/function-tree');
    await page.reload();
    await expect(page$(page).getByRole('heading', { name: 'Function tree' })).toBeVisible();
    await page$(page).getByRole('searchbox').fill('/currency');
    await page$(page).getByTestId('function-node').filter({ hasText: /^Currencies\s*\/currency$/ }).click();
    await expect(page$(page).locator('#function-functionNameEn')).toHaveValue('Currencies');
    await expect(page$(page).getByTestId('function-grants')).toHaveText(/^Granted by [1-9]\d* duties$/);
    await expect(page$(page).getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(page$(page).getByTestId('function-keep-reason')).toHaveText('Duties grant it: it cannot be deleted until the grants are taken away on the duties');
    // Nothing reaches past the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectNoRawLocaleKeys(page);
  } finally {
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  }
});
