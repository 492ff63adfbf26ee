import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 15 point 7, widgets §6: an administrator hides a toolbar button, an edit-form button and
 * a query parameter of a function in the hide-button map (functionDisplay false); staff opening
 * that function's page no longer see them, and still see the rest; the rows disabled, they are
 * back. The cooperative networks' page: no other test
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

/** The map's rows in force (hiding their element). */
const inForce = (admin: Page) => admin.getByTestId('resource-table').locator('[data-part=row]').filter({ has: admin.getByTestId('record-state').getByText('已生效', { exact: true }) });

/** The map, as the administrator sees it, filtered to this page's rows (other tests hide elements of their own pages). */
async function openMap(admin: Page) {
  await loginAs(admin, ADMIN, '/func-button');
  await expect(admin.getByTestId('resource-func-button')).toBeVisible();
  const query = admin.getByTestId('query-form');
  await query.getByLabel('功能地址').fill('/coop-network');
  await query.getByTestId('query-search').click();
  await expect(admin.getByTestId('resource-table').locator('[data-part=row]').filter({ hasNotText: '/coop-network' })).toHaveCount(0);
}

/** Disabling a row of the map shows its element again (docs/resources.md). */
async function showAgain(admin: Page) {
  const shown = inForce(admin);
  while ((await shown.count()) > 0) {
    const before = await shown.count();
    await shown.first().locator('[data-part=row-menu]').click();
    await admin.getByRole('menuitem', { name: '停用' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: '确定', exact: true }).click();
    await expect(shown).toHaveCount(before - 1);
  }
}

/** The first record's edit form, its button bar, then closed again. */
async function editFormButtons(staff: Page): Promise<string[]> {
  await staff.getByTestId('resource-table').locator('[data-part=row]').first().locator('[data-action=edit]').click();
  const bar = form(staff).locator('[data-part=button-bar]');
  await expect(bar.getByRole('button', { name: '返回' })).toBeVisible();
  const labels = (await bar.getByRole('button').allTextContents()).map((text) => text.trim());
  await bar.getByRole('button', { name: '返回' }).click();
  await expect(form(staff)).toHaveCount(0);
  return labels;
}

test('an administrator hides a button, an edit-form button and a query parameter of a function; staff no longer see them, and see them again once shown', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await openMap(admin);
  // A retry finds what a failed attempt hid still hidden: shown again first.
  await showAgain(admin);

  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, STAFF, '/coop-network');
  await expect(staff.getByTestId('resource-coop-network')).toBeVisible();
  await expect(addButton(staff)).toBeVisible();
  await expect(filter(staff, 'institutionName')).toBeVisible();
  expect(await editFormButtons(staff)).toEqual(['保存', '返回']);

  await hide(admin, '按钮', 'add');
  await hide(admin, '按钮', 'save');
  await hide(admin, '查询参数', 'institutionName');
  await expect(inForce(admin)).toHaveCount(3);
  await expectNoRawLocaleKeys(admin);

  await staff.reload();
  await expect(staff.getByTestId('resource-coop-network')).toBeVisible();
  await expect(staff.getByRole('button', { name: '刷新' })).toBeVisible();
  await expect(filter(staff, 'networkName')).toBeVisible();
  await expect(addButton(staff)).toHaveCount(0);
  await expect(filter(staff, 'institutionName')).toHaveCount(0);
  await expect(staff.getByTestId('resource-table').locator('[data-part=row]').first()).toBeVisible();
  // The edit form's Save is gone; Enter in a field has nothing to press either.
  expect(await editFormButtons(staff)).toEqual(['返回']);

  await showAgain(admin);
  await staff.reload();
  await expect(staff.getByTestId('resource-coop-network')).toBeVisible();
  await expect(addButton(staff)).toBeVisible();
  await expect(filter(staff, 'institutionName')).toBeVisible();
  expect(await editFormButtons(staff)).toEqual(['保存', '返回']);
});
