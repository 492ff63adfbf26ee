import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ownServerPort, startOwnServer, stopOwnServer, type OwnServer } from './support/own-server';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * A QR code that nobody confirms expires, and the waiting page offers a new one. The shared
 * e2e server keeps the standard lifetime (QR_LOGIN_LIFETIME_SECONDS), so this test runs a
 * server of its own whose codes live a few seconds.
 */
const LIFETIME_SECONDS = 3;
let server: OwnServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-qr-expiry-'));
  server = await startOwnServer(dataDir, ownServerPort(51), { QR_LOGIN_LIFETIME_SECONDS: String(LIFETIME_SECONDS) });
});

test.afterAll(async () => {
  if (server) await stopOwnServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('an unconfirmed QR code expires on the waiting page, and a refresh brings a new code', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${server.url}/login.html#/login`);
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const status = page.getByTestId('qr-status');
  await expect(status).toHaveText('请使用已登录的设备扫描二维码并确认登录');
  const firstUrl = await page.getByTestId('qr-confirm-url').getAttribute('data-url');

  // The page's own poll notices the expiry: no reload, no click.
  await expect(status).toHaveText('二维码已过期，请刷新', { timeout: 20_000 });
  await expectNoRawLocaleKeys(page);
  const refresh = page.getByRole('button', { name: '刷新二维码' });
  await refresh.click();

  await expect(status).toHaveText('请使用已登录的设备扫描二维码并确认登录');
  await expect(page.getByTestId('qr-login').getByRole('img', { name: '登录二维码' })).toBeVisible();
  const secondUrl = await page.getByTestId('qr-confirm-url').getAttribute('data-url');
  expect(secondUrl).not.toBe(firstUrl);
  await expect(refresh).toHaveCount(0);
});
