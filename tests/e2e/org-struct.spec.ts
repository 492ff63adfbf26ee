import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Organisation structures (portal-shell §1, §5; docs/org-structure.md) in the real browser
 * against the real server and database: an administrator builds a small structure of their own,
 * adds three organisations in three levels from the structure's tree (picked with the
 * organisation lookup), sees an organisation added twice refused, registers a module and relates
 * it to the structure, and cannot disable the structure in use (in Chinese, then in English).
 */

/** Codes of this attempt only: another worker, a retry or an earlier run never collides. */
const uniqueSuffix = () => `${Date.now().toString(36).slice(-6)}${test.info().parallelIndex}${test.info().retry}`.toUpperCase();

const form = (page: Page) => page.getByTestId('record-form');
const field = (page: Page, name: string) => form(page).locator(`#field-${name}`);
const tree = (page: Page) => page.getByTestId('org-struct-tree-dialog');
const treeItems = (page: Page) => tree(page).getByRole('treeitem');

async function openRow(page: Page, route: string, resource: string, queryField: string, code: string) {
  await page.goto(`/index.html#${route}`);
  const list = page.getByTestId(`resource-${resource}`);
  // By the field, not its label: a page visited before may still hold an input of the same id.
  await list.getByTestId('query-form').locator(`[data-field=${queryField}]`).getByRole('textbox').fill(code);
  await list.getByRole('button', { name: /^(查询|Search)$/ }).click();
  const row = list.getByTestId('resource-table').locator('[data-part=row]').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

/** Picks an organisation in the tree dialog's lookup by (part of) its Chinese name. */
async function pickOrganisation(page: Page, name: string) {
  await tree(page).getByTestId('lookup-open-orgCode').click();
  const lookup = page.getByTestId('lookup-dialog-organisation');
  await lookup.getByLabel('机构名称').fill(name);
  await lookup.getByRole('button', { name: '查询', exact: true }).click();
  await expect(lookup.getByTestId('lookup-row')).toHaveCount(1);
  await lookup.getByTestId('lookup-row').dblclick();
  await expect(lookup).toHaveCount(0);
}

async function addNode(page: Page, name: string, parent: string | null) {
  await pickOrganisation(page, name);
  await tree(page).getByLabel('上级机构', { exact: true }).selectOption(parent === null ? { label: '（根）' } : { label: parent });
  await tree(page).getByRole('button', { name: '添加机构' }).click();
}

test('an administrator builds a structure, relates a module to it, and cannot disable it while in use', async ({ page }) => {
  // Four pages and a dictionary's values, then the refusal in two languages: on a loaded 2-core
  // run it used all of the default minute and was cut off while still going (stop 35); on stop
  // 38's slower machine it used all of two minutes on its first try in CI.
  test.setTimeout(180_000);
  const u = uniqueSuffix();
  const structCode = `E2E${u}`;
  const structName = `测试结构${u}`;
  const moduleCode = `M${u}`;
  const moduleName = `测试模块${u}`;
  await loginAs(page, ADMIN);

  // The structure: a code of its own, names in both languages.
  await page.goto('/index.html#/org-struct');
  await page.getByTestId('resource-org-struct').getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'structCode').fill(structCode);
  await field(page, 'structName').fill(structName);
  await field(page, 'structNameEn').fill(`Test structure ${u}`);
  await form(page).getByRole('button', { name: '保存' }).click();
  await expect(form(page)).toHaveCount(0);

  // Its tree: headquarters at the root, East China beneath, Guangzhou beneath that.
  const row = await openRow(page, '/org-struct', 'org-struct', 'structCode', structCode);
  await row.getByRole('button', { name: `${structName}的结构树` }).click();
  await expect(tree(page).getByText('本结构还没有机构')).toBeVisible();
  await addNode(page, '集团总部', null);
  await expect(treeItems(page)).toHaveCount(1);
  await addNode(page, '华东实业', 'HQ 集团总部');
  await expect(treeItems(page)).toHaveCount(2);
  await addNode(page, '广州分公司', 'SH01 华东实业有限公司');
  await expect(treeItems(page)).toHaveCount(3);
  // Shown as its shape: each organisation after its parent, one level deeper.
  await expect(treeItems(page).locator('[data-part=node-label]')).toHaveText(['HQ 集团总部', 'SH01 华东实业有限公司', 'GZ01 集团广州分公司']);
  expect(await treeItems(page).evaluateAll((items) => items.map((i) => i.getAttribute('aria-level')))).toEqual(['1', '2', '3']);

  // The same organisation twice: refused, the tree unchanged.
  await addNode(page, '华东实业', 'HQ 集团总部');
  await expect(tree(page).getByRole('alert')).toContainText(`组织结构${structCode}已包含机构“SH01”`);
  await expect(treeItems(page)).toHaveCount(3);
  await expectNoRawLocaleKeys(page);
  await tree(page).getByRole('button', { name: '关闭' }).first().click();
  await expect(tree(page)).toHaveCount(0);

  // A module of its own in the business modules dictionary, then related to the structure.
  await openRow(page, '/dictionary', 'dictionary', 'dictType', 'BizModule').then((r) => r.getByRole('button', { name: '业务模块的字典值' }).click());
  const values = page.getByTestId('dictionary-values-dialog');
  await values.getByRole('button', { name: '新增行' }).click();
  const editing = values.getByTestId('dictionary-values').locator('[data-part=row]').filter({ has: page.locator('input') });
  await editing.getByRole('textbox', { name: '值', exact: true }).fill(moduleCode);
  await editing.getByRole('textbox', { name: '中文文本', exact: true }).fill(moduleName);
  await editing.getByRole('textbox', { name: '英文文本', exact: true }).fill(`Test module ${u}`);
  await values.getByRole('button', { name: '保存' }).click();
  await expect(values.getByTestId('dictionary-values').locator('[data-part=row]').filter({ hasText: moduleName })).toHaveAttribute('data-state', 'idle');

  await page.goto('/index.html#/org-struct-module-rel');
  await page.reload();
  await page.getByTestId('resource-org-struct-module-rel').getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'moduleCode').selectOption({ label: moduleName });
  await field(page, 'structCode').click();
  await field(page, 'structCode').fill(structCode);
  await page.locator('[data-part=list][data-state]:visible').getByRole('option').filter({ hasText: structName }).click();
  await form(page).getByRole('button', { name: '保存' }).click();
  await expect(form(page)).toHaveCount(0);

  // The structure in use cannot be disabled.
  const inUse = await openRow(page, '/org-struct', 'org-struct', 'structCode', structCode);
  const disable = async (ok: string) => {
    await inUse.getByRole('button', { name: /^(更多操作|More actions)$/ }).click();
    await page.getByRole('menuitem', { name: /^(停用|Disable)$/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: ok, exact: true }).click();
  };
  await disable('确定');
  await expect(page.getByTestId('resource-org-struct').getByRole('alert')).toContainText(`组织结构${structCode}已被业务模块“${moduleName}”的关系使用，不能停用或删除`);
  await expect(inUse.getByTestId('record-state')).toHaveText('已生效');

  // The same refusal in English (the user's language is put back afterwards).
  await page.getByTestId('language-switch').selectOption('en-US');
  try {
    await disable('OK');
    await expect(page.getByTestId('resource-org-struct').getByRole('alert')).toContainText(`Structure ${structCode} is used by the relation of module`);
    await expectNoRawLocaleKeys(page);
  } finally {
    await page.getByTestId('language-switch').selectOption('zh-CN');
  }
});
