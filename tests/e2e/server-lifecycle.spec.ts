import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ownServerPort, startOwnServer, stopOwnServer, type OwnServer } from './support/own-server';

/**
 * `npm start`'s promise: a server stopped by SIGTERM or SIGINT closes its embedded database
 * cleanly, and started again on the same DATA_DIR finds every row (no re-seed, same users).
 */
const PORT = ownServerPort(50);

test('a server stopped by SIGTERM, then SIGINT, restarts on its data with every row', async ({ page }) => {
  // Three cold starts of PGlite: seconds on a quiet machine, once over a minute on a loaded one.
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lifecycle-'));
  // Every server this test started, so that a failure half-way stops them all and a retry
  // finds its port free.
  const started: OwnServer[] = [];
  const startServer = async () => {
    const server = await startOwnServer(dataDir, PORT);
    started.push(server);
    return server;
  };
  try {
    const first = await startServer();
    expect(first.output()).toContain('demo users (created now)');
    expect(await stopOwnServer(first.child, 'SIGTERM')).toBe(0);

    const second = await startServer();
    expect(second.output()).toContain('schema up to date');
    expect(second.output()).not.toContain('created now');
    // The seeded administrator is still there and can log in through the real page.
    await page.goto(`${second.url}/login.html#/login`);
    await page.getByLabel('用户名', { exact: true }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('Admin@2026');
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/index\.html/);
    expect(await stopOwnServer(second.child, 'SIGINT')).toBe(0);

    const third = await startServer();
    expect(third.output()).toContain('schema up to date');
    expect(await stopOwnServer(third.child, 'SIGTERM')).toBe(0);
  } finally {
    for (const server of started) await stopOwnServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
