import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ownServerPort, startOwnServer, stopOwnServer } from './support/own-server';

/**
 * `npm start`'s promise: a server stopped by SIGTERM or SIGINT closes its embedded database
 * cleanly, and started again on the same DATA_DIR finds every row (no re-seed, same users).
 */
const PORT = ownServerPort(50);
const startServer = (dataDir: string) => startOwnServer(dataDir, PORT);
const stop = stopOwnServer;

test('a server stopped by SIGTERM, then SIGINT, restarts on its data with every row', async ({ page }) => {
  // Three cold starts of PGlite: seconds on a quiet machine, once over a minute on a loaded one.
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lifecycle-'));
  try {
    const first = await startServer(dataDir);
    expect(first.output()).toContain('demo users (created now)');
    expect(await stop(first.child, 'SIGTERM')).toBe(0);

    const second = await startServer(dataDir);
    expect(second.output()).toContain('schema up to date');
    expect(second.output()).not.toContain('created now');
    // The seeded administrator is still there and can log in through the real page.
    await page.goto(`http://127.0.0.1:${PORT}/login.html#/login`);
    await page.getByLabel('用户名', { exact: true }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('Admin@2026');
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/index\.html/);
    expect(await stop(second.child, 'SIGINT')).toBe(0);

    const third = await startServer(dataDir);
    expect(third.output()).toContain('schema up to date');
    expect(await stop(third.child, 'SIGTERM')).toBe(0);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
