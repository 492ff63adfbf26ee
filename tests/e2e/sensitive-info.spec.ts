import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ownServerPort, startOwnServer, stopOwnServer, type OwnServer } from './support/own-server';
import { ADMIN, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Sensitive information (docs/sensitive-info.md): an administrator masks the counterparties'
 * credit code by keyboard (a field the counterparty has not is refused in place, naming those it
 * has); a clerk then reads it masked in the table, and in clear in the record they open. A
 * setting masks every clerk's tables, so this test runs a server of its own: the shared one's
 * other tests read the counterparties as they are.
 */
let server: OwnServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sensitive-'));
  server = await startOwnServer(dataDir, ownServerPort(53));
});

test.afterAll(async () => {
  if (server) await stopOwnServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const form = (page: Page) => page.getByTestId('record-form');
const pageOf = async (browser: Browser) => (await browser.newContext({ baseURL: server.url })).newPage();

test('an administrator masks the credit code; a clerk reads it masked in the table and in clear in the record', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await pageOf(browser);
  await loginAs(admin, ADMIN, '/sensitive-set');
  const settings = admin.getByTestId('resource-sensitive-set');
  await expect(settings.getByRole('heading', { name: '敏感信息设置' })).toBeVisible();
  await settings.getByRole('button', { name: '新增', exact: true }).focus();
  // Every resource's field list comes in one request while the resource is still to be chosen.
  // (The request's body travels enveloped; the answer names the lists it holds.)
  const lists = admin.waitForResponse(async (r) => r.url().endsWith('/common/query/dictionary') && (await r.text()).includes('"SensitiveField:counter-party"'));
  await admin.keyboard.press('Enter');
  await expect(form(admin)).toBeVisible();
  // The field waits for the resource, then offers that resource's text fields only (a mask stands for text).
  const field = form(admin).locator('#field-fieldName');
  await expect(field).toHaveAttribute('placeholder', /业务资源/);
  await lists;
  // Chosen, the list is there at once: Tab straight after the choice lands on it.
  await form(admin).locator('#field-resourceCode').focus();
  await form(admin).locator('#field-resourceCode').selectOption('counter-party');
  await admin.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await expect(field.locator('option[value=creditCode]')).toHaveText('统一社会信用代码 (creditCode)');
  await expect(field.locator('option[value=counterPartyCode]')).toHaveCount(1);
  await expect(field.locator('option[value=counterPartyType]')).toHaveCount(0);
  await field.selectOption('creditCode');
  await form(admin).locator('#field-remark').fill('客户信用代码');
  await form(admin).locator('#field-remark').press('Enter');
  await expect(form(admin)).toHaveCount(0);
  const setting = settings.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: 'creditCode' });
  await expect(setting).toContainText('保留首尾');
  // The table names the field as the resource's form labels it (its dictionary follows the row's resource).
  await expect(setting.getByRole('cell', { name: '统一社会信用代码 (creditCode)', exact: true })).toBeVisible();
  await expectNoRawLocaleKeys(admin);

  const clerk = await pageOf(browser);
  await loginAs(clerk, STAFF, '/counter-party');
  const parties = clerk.getByTestId('resource-counter-party');
  const rows = parties.getByTestId('resource-table').locator('[data-part=row]');
  await expect(rows.first()).toBeVisible();
  const masked = rows.filter({ hasText: /[0-9A-Z]{3}\*{4}[0-9A-Z]{4}/ }).first();
  await expect(masked).toBeVisible();
  const shown = /([0-9A-Z]{3})\*{4}([0-9A-Z]{4})/.exec(await masked.innerText())!;
  // The record opened shows the code whole (docs/sensitive-info.md: tables and files are masked).
  await masked.locator('[data-action=view]').click();
  const code = await form(clerk).locator('#field-creditCode').inputValue();
  expect(code).toMatch(/^[0-9A-Z]{18}$/);
  expect([code.slice(0, 3), code.slice(-4)]).toEqual([shown[1], shown[2]]);
  await clerk.keyboard.press('Escape');

  // The setting's page in English on a phone.
  await admin.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  const english = admin.getByTestId('resource-sensitive-set');
  await expect(english.getByRole('heading', { name: 'Sensitive information' })).toBeVisible();
  await expect(english.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: 'creditCode' }).getByRole('cell', { name: 'Unified social credit code (creditCode)', exact: true })).toBeVisible();
  await expectNoRawLocaleKeys(admin);
});
