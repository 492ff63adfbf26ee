import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 15 point 7, widgets §6: an administrator hides a button and a query parameter of a
 * function in the hide-button map (functionDisplay false); staff opening that function's page
 * no longer see them, and still see the rest. The cooperative networks' page: no other test
 * uses it, so the hiding changes nobody else's page.
 */
const form = (page: Page) => page.getByTestId('record-form');
const field = (page: Page, name: string) => form(page).locator(`#field-${name}`);
const addButton = (page: Page) => page.getByRole('button', { name: '新增', exact: true });
const filter = (page: Page, name: string) => page.getByTestId('query-form').locator(`[data-field=${name}]`);

async function hide(admin: Page, kind: '按钮' | '查询参数', code: string) {
  await addButton(admin).click();
  await field(admin, 'funcUrl').fill('/coop-network');
  await field(admin, 'elementKind').selectOption({ label: kind });
  await field(admin, 'elementCode').fill(code);
  await form(admin).getByRole('button', { name: '保存' }).click();
  await expect(form(admin)).toHaveCount(0);
}

test('an administrator hides a button and a query parameter of a function; staff no longer see them', async ({ browser }) => {
  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, STAFF, '/coop-network');
  await expect(staff.getByTestId('resource-coop-network')).toBeVisible();
  await expect(addButton(staff)).toBeVisible();
  await expect(filter(staff, 'institutionName')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN, '/func-button');
  await expect(admin.getByTestId('resource-func-button')).toBeVisible();
  await hide(admin, '按钮', 'add');
  await hide(admin, '查询参数', 'institutionName');
  await expect(admin.getByTestId('resource-table').locator('[data-part=row]')).toHaveCount(2);
  await expectNoRawLocaleKeys(admin);

  await staff.reload();
  await expect(staff.getByTestId('resource-coop-network')).toBeVisible();
  await expect(staff.getByRole('button', { name: '刷新' })).toBeVisible();
  await expect(filter(staff, 'networkName')).toBeVisible();
  await expect(addButton(staff)).toHaveCount(0);
  await expect(filter(staff, 'institutionName')).toHaveCount(0);
  await expect(staff.getByTestId('resource-table').locator('[data-part=row]').first()).toBeVisible();
});
