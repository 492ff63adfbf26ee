import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Product licences (docs/licences.md): an administrator makes a licence by keyboard, saves its
 * signed file from the row, and checks it in the check dialog (opened from the file: genuine and
 * in force); the same file with its user count raised is not genuine. In English on a phone: a
 * pasted text that is no licence is said so, and the public key downloads. Each attempt's
 * licensee is its own.
 */

const form = (page: Page) => page.getByTestId('record-form');
const dialog = (page: Page) => page.getByTestId('licence-check');
const dayFrom = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('an administrator makes a licence by keyboard, saves its signed file and checks it; a forged copy is not genuine', async ({ page }) => {
  const licensee = `华东资金中心${Date.now().toString(36)}${test.info().parallelIndex}${test.info().retry}`;
  await loginAs(page, ADMIN, '/license');
  const resource = page.getByTestId('resource-license');
  await expect(resource.getByRole('heading', { name: '产品许可证' })).toBeVisible();
  // No edit or delete is offered for a signed licence: adding is making.
  await resource.getByRole('button', { name: '新增', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(form(page)).toBeVisible();
  await form(page).locator('#field-licensee').fill(licensee);
  await form(page).locator('#field-maxUsers').fill('200');
  await form(page).locator('#field-validFrom').fill(dayFrom(1));
  await form(page).locator('#field-validTo').fill(dayFrom(0));
  await form(page).locator('#field-machineCode').fill('HOST-01');
  await form(page).locator('#field-machineCode').press('Enter');
  // Its last day before its first: refused in place, nothing typed lost.
  await expect(form(page).getByTestId('form-failure')).toContainText('早于生效日期');
  await expect(form(page).locator('#field-licensee')).toHaveValue(licensee);
  await form(page).locator('#field-validFrom').fill(dayFrom(0));
  await form(page).locator('#field-validTo').fill(dayFrom(365));
  await form(page).locator('#field-machineCode').press('Enter');
  await expect(form(page)).toHaveCount(0);

  const row = resource.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: licensee });
  await expect(row).toContainText('HOST-01');
  await expect(row.locator('[data-action=edit], [data-action=delete]')).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), row.locator('[data-action=licence-file]').click()]);
  expect(download.suggestedFilename()).toMatch(/^LIC\d+\.lic$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text).toContain(`for ${licensee}`);

  await resource.getByRole('button', { name: '校验许可证' }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).locator('input[type=file]').setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(dialog(page).locator('#licence-text')).toHaveValue(text);
  await dialog(page).getByRole('button', { name: '校验', exact: true }).click();
  const result = dialog(page).locator('[data-part=result]');
  await expect(result).toHaveAttribute('data-verdict', 'good');
  await expect(result).toContainText('真实有效，今天在有效期内。');
  await expect(result).toContainText('登记簿中有效。');
  await expect(result).toContainText(licensee);
  await expect(result).toContainText('HOST-01');

  // The same file with its users raised: the signature no longer matches.
  const [, body] = /-----BEGIN PRODUCT LICENCE-----([\s\S]*?)-----END PRODUCT LICENCE-----/.exec(text)!;
  const terms = JSON.parse(Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  const forged = text.replace(body!, `\n${Buffer.from(JSON.stringify({ ...terms, maxUsers: 100000 })).toString('base64')}\n`);
  await dialog(page).locator('#licence-text').fill(forged);
  await expect(result).toHaveCount(0);
  await dialog(page).locator('#licence-text').press('Tab');
  await page.keyboard.press('Tab');
  await dialog(page).getByRole('button', { name: '校验', exact: true }).press('Enter');
  await expect(result).toHaveAttribute('data-verdict', 'bad');
  await expect(result).toContainText('不真实');
  await expect(result).not.toContainText('100000');
  await expectNoRawLocaleKeys(page);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
});

test('in English on a phone, a pasted text that is no licence is said so, and the public key downloads', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await page.setViewportSize({ width: 390, height: 844 });
  // A reload, as a user's would: the shell and the page it holds speak the language chosen.
  await page.goto('/index.html#/license');
  await page.reload();
  const resource = page.getByTestId('resource-license');
  await expect(resource.getByRole('heading', { name: 'Product licence' })).toBeVisible();
  const [key] = await Promise.all([page.waitForEvent('download'), resource.getByRole('button', { name: 'Public key' }).click()]);
  expect(key.suggestedFilename()).toMatch(/^product-licence-[0-9a-f]{16}\.pem$/);
  expect(fs.readFileSync((await key.path())!, 'utf8')).toContain('BEGIN PUBLIC KEY');

  await resource.getByRole('button', { name: 'Check a licence' }).click();
  await expect(dialog(page)).toBeVisible();
  const check = dialog(page).getByRole('button', { name: 'Check', exact: true });
  await expect(check).toBeDisabled();
  await dialog(page).getByLabel('Licence file text').fill('hello');
  await check.click();
  await expect(dialog(page).locator('[data-part=result]')).toContainText('This is not a product licence file.');
  // The dialog fits the phone: nothing runs off its right edge.
  const box = (await dialog(page).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoRawLocaleKeys(page);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
});
