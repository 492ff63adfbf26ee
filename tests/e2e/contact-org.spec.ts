import { expect, test } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Contact organisations (往来单位, docs/resources.md, "Counterparties and contact organisations"):
 * the enterprises among the counterparties, on a page of their own. Its table has no kind column
 * and lists enterprises only; its add form starts as an enterprise, fixed. Nothing is written.
 */
test('the contact organisations page lists the enterprise counterparties and adds enterprises; in English at 390 px', async ({ page }) => {
  await loginAs(page, ADMIN, '/contact-org');
  const resource = page.getByTestId('resource-counter-party.contactOrg');
  await expect(resource.getByRole('heading', { name: '往来单位', exact: true })).toBeVisible();
  const table = resource.getByTestId('resource-table');
  await expect(table.locator('[data-part=row]').first()).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '交易对手类型' })).toHaveCount(0);
  await expect(resource.getByTestId('query-form').getByLabel('交易对手类型')).toHaveCount(0);
  await expectNoRawLocaleKeys(page);

  await resource.getByRole('button', { name: '新增', exact: true }).focus();
  await page.keyboard.press('Enter');
  const kind = page.locator('#field-counterPartyType');
  await expect(kind).toBeVisible();
  await expect(kind).toBeDisabled();
  await expect(kind.locator('option:checked')).toHaveText('企业');
  await page.keyboard.press('Escape');

  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('resource-counter-party.contactOrg').getByRole('heading', { name: 'Contact organisation', exact: true })).toBeVisible();
  await expectNoRawLocaleKeys(page);
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
});
