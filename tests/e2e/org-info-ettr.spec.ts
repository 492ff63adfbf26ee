import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Organisation extension fields (docs/resources.md, "Organisation extension fields"): an
 * administrator gives an organisation, picked from the organisation dropdown by what is typed, a
 * field of its own; the same field code again for that organisation is refused in place with
 * everything typed kept; in English on a phone the field's value is changed. Each attempt's
 * field code is its own.
 */

const form = (page: Page) => page.getByTestId('record-form');
const options = (page: Page) => page.locator('[data-part=list][data-state]:visible').getByRole('option');

test('an administrator gives an organisation a field of its own; the same code again is refused in place; in English on a phone its value changes', async ({ page }) => {
  const code = `cost${Date.now().toString(36)}${test.info().parallelIndex}${test.info().retry}`;
  await loginAs(page, ADMIN, '/org-info-ettr');
  const resource = page.getByTestId('resource-org-info-ettr');
  await expect(resource.getByRole('heading', { name: '机构信息扩展字段' })).toBeVisible();
  const add = async () => {
    await resource.getByRole('button', { name: '新增', exact: true }).click();
    await expect(form(page)).toBeVisible();
    await form(page).locator('#field-orgCode').click();
    await form(page).locator('#field-orgCode').fill('华东');
    await expect(options(page)).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(form(page).locator('#field-orgCode')).toHaveValue('华东实业有限公司');
    await form(page).locator('#field-attrCode').fill(code);
    await form(page).locator('#field-attrName').fill('成本中心');
    await form(page).locator('#field-attrValue').fill('CC-SH-01');
    await form(page).locator('#field-attrValue').press('Enter');
  };
  await add();
  await expect(form(page)).toHaveCount(0);
  const row = resource.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: code });
  await expect(row).toContainText('CC-SH-01');

  await add();
  await expect(form(page).getByTestId('form-failure')).toContainText(`机构SH01已有字段${code}`);
  await expect(form(page).locator('#field-attrValue')).toHaveValue('CC-SH-01');
  await expect(form(page).locator('#field-orgCode')).toHaveValue('华东实业有限公司');
  await expectNoRawLocaleKeys(page);
  await page.keyboard.press('Escape');
  await expect(form(page)).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const english = page.getByTestId('resource-org-info-ettr');
  await expect(english.getByRole('heading', { name: 'Organisation extension field' })).toBeVisible();
  await english.getByRole('textbox', { name: 'Field code' }).fill(code);
  await english.getByRole('button', { name: 'Search', exact: true }).click();
  const mine = english.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: 'CC-SH-01' });
  await expect(mine).toHaveCount(1);
  await mine.locator('[data-action=edit]').click();
  await expect(form(page).locator('#field-attrCode')).toHaveAttribute('readonly', '');
  await form(page).locator('#field-attrValue').fill('CC-SH-02');
  await form(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  await expect(english.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: 'CC-SH-02' })).toHaveCount(1);
  await expectNoRawLocaleKeys(page);
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
});
